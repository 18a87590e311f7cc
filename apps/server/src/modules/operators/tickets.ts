import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { hashToken } from '../auth/index.ts';
import { operatorTickets } from './operators.table.ts';
import { seconds } from '../../platform/time/epoch.ts';

export type TicketKind = 'invite' | 'enrol';
/** An invitation lasts a day; an enrolment, the ten minutes it takes to scan a code and type one. */
const LIFETIME_SECONDS: Record<TicketKind, number> = { invite: 24 * 3600, enrol: 10 * 60 };

export async function issueTicket(tx: Tx, operatorId: number, kind: TicketKind, secret: string | null = null) {
  const ticket = randomBytes(24).toString('base64url');
  // One live ticket of a kind per operator: a new one retires the old.
  await tx
    .update(operatorTickets)
    .set({ usedAt: sql`now()` })
    .where(
      and(eq(operatorTickets.operatorId, operatorId), eq(operatorTickets.kind, kind), isNull(operatorTickets.usedAt)),
    );
  const [row] = await tx
    .insert(operatorTickets)
    .values({
      operatorId,
      kind,
      ticketHash: hashToken(ticket),
      secret,
      expiresAt: sql`now() + make_interval(secs => ${LIFETIME_SECONDS[kind]})`,
    })
    .returning({ expiresAt: operatorTickets.expiresAt });
  return { ticket, expiresAt: seconds(row!.expiresAt) };
}

/** The live ticket, locked for the transaction that uses it; null when unknown, used or expired. */
export async function liveTicket(tx: Tx, ticket: string, kind: TicketKind) {
  const [row] = await tx
    .select()
    .from(operatorTickets)
    .where(
      and(
        eq(operatorTickets.ticketHash, hashToken(ticket)),
        eq(operatorTickets.kind, kind),
        isNull(operatorTickets.usedAt),
        gt(operatorTickets.expiresAt, sql`now()`),
      ),
    )
    .for('update');
  return row ?? null;
}

export async function useTicket(tx: Tx, id: number) {
  await tx
    .update(operatorTickets)
    .set({ usedAt: sql`now()` })
    .where(eq(operatorTickets.id, id));
}
