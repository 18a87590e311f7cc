import { sql } from 'drizzle-orm';
import { SEARCH_PREFIX_FROM } from '@app/contracts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { inPatternOrder, startsWith } from '../../platform/db/like-pattern.ts';
import { maskName } from './id-document.ts';
import { kycSubmissions } from './kyc.table.ts';

/** A user found by a real name they submitted (any state), shown masked as the operators' lists show names. */
export type RealNameHit = { userId: number; value: string; exact: boolean };

/**
 * The console's search everything, the KYC module's part: the users whose submitted real name is the query, case
 * aside, or (from SEARCH_PREFIX_FROM characters) starts with it. One range of `kyc_submissions_name_prefix_idx` in
 * index order, stopped at `limit + 1` rows; a user with several submissions of the name is one hit. The name
 * leaves masked (the family name and stars): the operator typed it, the list may be read over a shoulder.
 */
export async function searchRealNamesForOperator(
  db: DbOrTx,
  q: string,
  limit: number,
): Promise<{ hits: RealNameHit[]; more: boolean }> {
  const name = sql`lower(${kycSubmissions.realName})`;
  const where =
    [...q].length >= SEARCH_PREFIX_FROM ? sql`${name} LIKE lower(${startsWith(q)})` : sql`${name} = lower(${q})`;
  const { rows } = await db.execute<{ user_id: bigint; real_name: string; exact: boolean }>(sql`
    SELECT ${kycSubmissions.userId} AS user_id, ${kycSubmissions.realName} AS real_name, ${name} = lower(${q}) AS exact
    FROM ${kycSubmissions} WHERE ${where} ORDER BY ${inPatternOrder(name)} LIMIT ${limit + 1}`);
  const seen = new Set<number>();
  const hits: RealNameHit[] = [];
  for (const r of rows.slice(0, limit)) {
    const userId = Number(r.user_id);
    if (seen.has(userId)) continue;
    seen.add(userId);
    hits.push({ userId, value: maskName(r.real_name), exact: r.exact });
  }
  return { hits, more: rows.length > limit };
}
