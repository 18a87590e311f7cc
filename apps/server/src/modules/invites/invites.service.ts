import { randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { AdminInviteCode } from '@app/contracts';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import { audit } from '../../platform/audit/audit.service.ts';
import { inviteCodes } from './invites.table.ts';
import { lockedOf } from '../users/index.ts';

// No 0/O or 1/I: codes are read aloud and typed from posters.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function newInviteCode(length = 8): string {
  let code = '';
  for (let i = 0; i < length; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

export type UsableInvite = { id: number; ownerUserId: number | null };

/**
 * Takes one use of an invitation code, or returns null when it cannot invite: unknown, disabled,
 * used up, or belonging to a locked user. The row lock makes "uses < max" hold under concurrency.
 */
export async function claimInvite(tx: DbOrTx, code: string): Promise<UsableInvite | null> {
  const [row] = await tx
    .select({
      id: inviteCodes.id,
      ownerUserId: inviteCodes.ownerUserId,
      maxUses: inviteCodes.maxUses,
      uses: inviteCodes.uses,
      disabled: inviteCodes.disabled,
      ownerLocked: lockedOf(inviteCodes.ownerUserId),
    })
    .from(inviteCodes)
    .where(eq(inviteCodes.code, code.toUpperCase()))
    .for('update', { of: inviteCodes });
  if (!row || row.disabled || row.ownerLocked) return null;
  if (row.maxUses !== null && row.uses >= row.maxUses) return null;
  await tx
    .update(inviteCodes)
    .set({ uses: sql`${inviteCodes.uses} + 1` })
    .where(eq(inviteCodes.id, row.id));
  return { id: row.id, ownerUserId: row.ownerUserId };
}

/** Creates a code with a fresh random value, retrying on the rare collision. */
export async function createInviteCode(
  db: DbOrTx,
  input: { ownerUserId: number | null; maxUses?: number | null; createdBy: string; code?: string },
) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = input.code ?? newInviteCode();
    const [row] = await db
      .insert(inviteCodes)
      .values({ code, ownerUserId: input.ownerUserId, maxUses: input.maxUses ?? null, createdBy: input.createdBy })
      .onConflictDoNothing({ target: inviteCodes.code })
      .returning();
    if (row) return row;
    if (input.code) return null;
  }
  throw new Error('could not allocate an invitation code');
}

export async function findInviteByCode(db: DbOrTx, code: string) {
  const [row] = await db
    .select()
    .from(inviteCodes)
    .where(and(eq(inviteCodes.code, code.toUpperCase())));
  return row ?? null;
}

/** An operator's code (no inviting user), audited with the operator's reason. */
export async function createOperatorInvite(
  db: Db,
  input: { maxUses: number | null; operator: string; reason: string; ip: string },
): Promise<AdminInviteCode> {
  const created = await db.transaction(async (tx) => {
    const row = await createInviteCode(tx, { ownerUserId: null, maxUses: input.maxUses, createdBy: input.operator });
    await audit(tx, {
      operator: input.operator,
      action: 'invite.create',
      target: `invite:${row!.code}`,
      reason: input.reason,
      details: { max_uses: input.maxUses },
      ip: input.ip,
    });
    return row!;
  });
  return {
    code: created.code,
    owner_user_id: created.ownerUserId,
    max_uses: created.maxUses,
    uses: created.uses,
    disabled: created.disabled,
    created_at: Math.floor(created.createdAt.getTime() / 1000),
  };
}
