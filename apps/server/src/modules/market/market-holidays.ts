import { and, asc, eq } from 'drizzle-orm';
import type { AdminHoliday } from '@app/contracts';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import { audit } from '../../platform/audit/audit.service.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { marketHolidays } from './market.table.ts';
import { setHolidays } from './trading-sessions.ts';

// Operators keep the exchange holidays; every node reads them into its trading calendar (refreshHolidays).

type Actor = { operator: string; reason: string; ip: string };

export async function listHolidays(db: DbOrTx): Promise<AdminHoliday[]> {
  const rows = await db.select().from(marketHolidays).orderBy(asc(marketHolidays.day), asc(marketHolidays.session));
  return rows.map((r) => ({
    session: r.session as AdminHoliday['session'],
    day: r.day,
    name: r.name,
    created_by: r.createdBy,
  }));
}

/** Reads the list into this node's calendar (at start, every 30 s, and after an operator's change on this node). */
export async function refreshHolidays(db: DbOrTx): Promise<void> {
  setHolidays(await listHolidays(db));
}

export async function addHoliday(db: Db, h: { session: string; day: string; name: string }, actor: Actor) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(marketHolidays)
      .values({ ...h, createdBy: actor.operator })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError('invalid_request', { field: 'day' });
    await audit(tx, {
      operator: actor.operator,
      action: 'holiday.add',
      target: `session:${h.session}:${h.day}`,
      reason: actor.reason,
      details: { before: null, after: h },
      ip: actor.ip,
    });
  });
  await refreshHolidays(db);
}

export async function removeHoliday(db: Db, h: { session: string; day: string }, actor: Actor) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(marketHolidays)
      .where(and(eq(marketHolidays.session, h.session), eq(marketHolidays.day, h.day)))
      .returning();
    if (!row) throw new AppError('no_data');
    await audit(tx, {
      operator: actor.operator,
      action: 'holiday.remove',
      target: `session:${h.session}:${h.day}`,
      reason: actor.reason,
      details: { before: { session: row.session, day: row.day, name: row.name }, after: null },
      ip: actor.ip,
    });
  });
  await refreshHolidays(db);
}
