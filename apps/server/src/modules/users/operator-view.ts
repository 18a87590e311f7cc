import { alias } from 'drizzle-orm/pg-core';
import { count, desc, eq, sql } from 'drizzle-orm';
import { isLanguage, type AdminUser, type AdminUserProfile } from '@app/contracts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { seconds } from '../../platform/time/epoch.ts';
import { userIdsByKey } from './user-search.ts';
import { users } from './users.table.ts';

export function toAdminUser(u: typeof users.$inferSelect): AdminUser {
  return {
    id: u.id,
    account: u.account,
    phone: u.phone,
    invite_code: u.inviteCode,
    inviter_id: u.inviterId,
    locked: u.locked,
    frozen_at: u.frozenAt ? seconds(u.frozenAt) : null,
    closed_at: seconds(u.closedAt),
    is_vip: u.isVip,
    real_name_state: u.realNameState,
    created_at: seconds(u.createdAt),
  };
}

/**
 * Users for the operator, newest first, a page at a time; with `q`, the users it names by a key as search
 * everything finds them (`userIdsByKey`: id or invitation code whole, account or phone whole or by its beginning),
 * each key an index range, never a read of every user. The page's ids are taken from those ranges (sorted, then
 * skipped and limited) and its rows read by primary key; the total counts the same ids.
 */
export async function listUsersForOperator(db: DbOrTx, query: { q?: string | undefined; page: number; size: number }) {
  const { q, page, size } = query;
  if (!q) {
    const rows = await db
      .select()
      .from(users)
      .orderBy(desc(users.id))
      .limit(size)
      .offset((page - 1) * size);
    const [total] = await db.select({ n: count() }).from(users);
    return { items: rows.map(toAdminUser), total: Number(total?.n ?? 0) };
  }
  const matched = userIdsByKey(q);
  const rows = await db
    .select()
    .from(users)
    .where(
      sql`${users.id} = ANY(ARRAY(SELECT m.id FROM (${matched}) m ORDER BY m.id DESC LIMIT ${size} OFFSET ${(page - 1) * size}))`,
    )
    .orderBy(desc(users.id));
  const [total] = (await db.execute<{ n: string }>(sql`SELECT count(*) AS n FROM (${matched}) m`)).rows;
  return { items: rows.map(toAdminUser), total: Number(total?.n ?? 0) };
}

const inviters = alias(users, 'inviter');

/** One account as its page in the console shows it, with the language customer service writes to it in. */
export async function userProfileForOperator(db: DbOrTx, id: number): Promise<AdminUserProfile> {
  const [row] = await db
    .select({ user: users, inviterAccount: inviters.account })
    .from(users)
    .leftJoin(inviters, eq(inviters.id, users.inviterId))
    .where(eq(users.id, id));
  if (!row) throw new AppError('user_not_found');
  return {
    ...toAdminUser(row.user),
    lang: isLanguage(row.user.lang) ? row.user.lang : 'en',
    has_fund_password: row.user.fundPasswordHash !== null,
    inviter_account: row.inviterAccount,
  };
}
