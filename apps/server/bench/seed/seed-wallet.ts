import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../src/platform/db/client.ts';
import { inBatches, lit, moveSequencePast, nextId, ownedRows } from './seed-batches.ts';
import { heavySplit, type SeedCounts } from './seed-counts.ts';
import { seededUsers } from './seed-users.ts';

/** Deposit, withdrawal and exchange records, settled (status 1) as the review flows leave them. */
export async function seedWallet(db: DbOrTx, counts: SeedCounts): Promise<void> {
  const users = await seededUsers(db);
  const rows = (total: number, lo: number, hi: number) =>
    ownedRows(users, total, heavySplit(total, counts).rest, lo, hi);

  const deposits = await nextId(db, 'deposits');
  await inBatches(
    db,
    counts.deposits,
    (lo, hi) => sql`
      INSERT INTO deposits (id, user_id, class, status, channel_kind, channel_name, amount, reference_code,
        reviewed_by, reviewed_at, credited_at, created_at)
      SELECT ${lit(deposits)} + g, user_id, 0, 1, 'bank', 'Bench bank', 10000 + (g::bigint * 7919) % 990000,
             'BD' || (${lit(deposits)} + g), 'bench', at, at, at
      FROM (${rows(counts.deposits, lo, hi)}) r`,
  );
  const withdrawals = await nextId(db, 'withdrawals');
  await inBatches(
    db,
    counts.withdrawals,
    (lo, hi) => sql`
      INSERT INTO withdrawals (id, user_id, method_id, kind, destination, amount, fee, received, status,
        reviewed_by, reviewed_at, created_at)
      SELECT ${lit(withdrawals)} + g, user_id, 0, 'bank', '**** ' || lpad((g % 10000)::text, 4, '0'),
             amount, amount / 100, amount - amount / 100, 1, 'bench', at, at
      FROM (SELECT *, 10000 + (g::bigint * 7919) % 490000 AS amount FROM (${rows(counts.withdrawals, lo, hi)}) o) r`,
  );
  const exchanges = await nextId(db, 'exchanges');
  await inBatches(
    db,
    counts.exchanges,
    (lo, hi) => sql`
      INSERT INTO exchanges (id, user_id, quote_id, direction, coin, price, price_precision, cash_amount, coin_amount, fee, created_at)
      SELECT ${lit(exchanges)} + g, user_id, 'bench-' || (${lit(exchanges)} + g),
             CASE WHEN g % 2 = 0 THEN 'buy' ELSE 'sell' END, 'BTC', 6500000 + g % 100000, 2,
             10000 + (g::bigint * 7919) % 990000, 1000 + g % 100000, 100, at
      FROM (${rows(counts.exchanges, lo, hi)}) r`,
  );
  await seedPayoutMethods(db, counts);
  for (const table of ['deposits', 'withdrawals', 'exchanges', 'payment_methods']) await moveSequencePast(db, table);
}

/** A seeded user's bank card (user bench<n> holds card 6222 + n in 12 digits). */
export const benchCard = (n: number) => `6222${String(n).padStart(12, '0')}`;

/**
 * Payout methods the console's search looks up: one bank card per user (benchCard), then USDT addresses on ERC20,
 * one per user from the first while they last (42 characters of hex, mixed case as wallets show them).
 */
async function seedPayoutMethods(db: DbOrTx, counts: SeedCounts): Promise<void> {
  const users = await seededUsers(db);
  const first = await nextId(db, 'payment_methods');
  await inBatches(
    db,
    counts.payoutMethods,
    (lo, hi) => sql`
      INSERT INTO payment_methods (id, user_id, kind, account, holder, bank_name, branch, currency, network, created_at)
      SELECT ${lit(first)} + g, ${lit(users.first)} + k % ${lit(users.count)}, kind,
             CASE WHEN kind = 'bank' THEN '6222' || lpad((k % ${lit(users.count)} + 1)::text, 12, '0')
                  ELSE '0x' || upper(substr(md5(k::text), 1, 8)) || md5('a' || k) END,
             CASE WHEN kind = 'bank' THEN 'Bench Holder' END, CASE WHEN kind = 'bank' THEN 'Bench Bank' END,
             CASE WHEN kind = 'bank' THEN 'Main St' END, CASE WHEN kind = 'crypto' THEN 'USDT' END,
             CASE WHEN kind = 'crypto' THEN 'ERC20' END, now() - interval '30 days'
      FROM (SELECT g, g AS k, CASE WHEN g < ${lit(users.count)} THEN 'bank' ELSE 'crypto' END AS kind
            FROM generate_series(${lit(lo)}, ${lit(hi - 1)}) g) r`,
  );
}
