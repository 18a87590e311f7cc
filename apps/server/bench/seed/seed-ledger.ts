import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../src/platform/db/client.ts';
import { ensureAccounts } from '../../src/modules/ledger/index.ts';
import { inBatches, lit, moveSequencePast, nextId, SPAN_SECONDS } from './seed-batches.ts';
import { heavySplit, type SeedCounts } from './seed-counts.ts';
import { seededUsers } from './seed-users.ts';

/** What a deposit credits and a trade debits: credits outweigh debits, so no balance ever goes below zero. */
const CREDIT = 10_000;
const DEBIT = 4_000;

/**
 * Balanced journals of two entries each, a deposit (house deposits to the user) and a trade (the user to house
 * trading) in turn, every user's turns interleaved in rounds; then the heavy user's own run. Every balance_after is
 * written in closed form (a running balance needs no window over ten million rows): in round k (from 0) a user holds
 * (floor(k/2)+1) credits less floor((k+1)/2) debits, and a house account the credits or debits of all the
 * journals before it. The rounds post to house shard 0, the heavy run to shard 1, so each chain stays closed-form.
 */
export async function seedLedger(db: DbOrTx, counts: SeedCounts): Promise<void> {
  const users = await seededUsers(db);
  const { rest } = heavySplit(counts.ledgerEntries, counts);
  // An even number of rounds: the heavy run then starts on a credit, as its house shards' chains assume. The
  // heavy run takes what whole rounds leave of the count.
  const rounds = Math.max(2, 2 * Math.floor(rest / 4 / users.count));
  const mainJournals = rounds * users.count;
  const heavyJournals = Math.max(0, Math.floor((counts.ledgerEntries - 2 * mainJournals) / 2));

  const accFirst = await nextId(db, 'ledger_accounts');
  await inBatches(
    db,
    users.count,
    (lo, hi) => sql`
      INSERT INTO ledger_accounts (id, code, user_id, asset, is_house)
      SELECT ${lit(accFirst)} + g, 'user:' || (${lit(users.first)} + g) || ':USD:available', ${lit(users.first)} + g, 'USD', false
      FROM generate_series(${lit(lo)}, ${lit(hi - 1)}) g`,
  );
  await moveSequencePast(db, 'ledger_accounts');
  const houses = ['house:USD:deposits:0', 'house:USD:trading:0', 'house:USD:deposits:1', 'house:USD:trading:1'];
  await ensureAccounts(db, houses);
  const ids = await db.execute<{ code: string; id: string }>(
    sql`SELECT code, id::text FROM ledger_accounts WHERE code = ANY(${`{${houses.join(',')}}`}::text[])`,
  );
  const house = new Map(ids.rows.map((r) => [r.code, Number(r.id)]));

  const jFirst = await nextId(db, 'ledger_journals');
  const eFirst = await nextId(db, 'ledger_entries');
  const total = mainJournals + heavyJournals;
  // Per journal g: its user index i, its round k, whether it is a credit, and the house account's count so far.
  const journal = sql`
    SELECT g,
           CASE WHEN g < ${lit(mainJournals)} THEN g % ${lit(users.count)} ELSE 0 END AS i,
           CASE WHEN g < ${lit(mainJournals)} THEN g / ${lit(users.count)} ELSE ${lit(rounds)} + g - ${lit(mainJournals)} END AS k,
           CASE WHEN g < ${lit(mainJournals)} THEN g / ${lit(users.count)} ELSE g - ${lit(mainJournals)} END AS hk,
           CASE WHEN g < ${lit(mainJournals)} THEN ${lit(users.count)} ELSE 1 END AS width,
           CASE WHEN g < ${lit(mainJournals)} THEN g % ${lit(users.count)} ELSE 0 END AS pos,
           g >= ${lit(mainJournals)} AS heavy_run,
           now() - make_interval(secs => ${lit(SPAN_SECONDS)} * (1 - (CASE WHEN g < ${lit(mainJournals)}
             THEN g::float8 / ${lit(mainJournals)} ELSE (g - ${lit(mainJournals)})::float8 / ${lit(Math.max(1, heavyJournals))} END))) AS at`;
  await inBatches(
    db,
    total,
    (lo, hi) => sql`
      INSERT INTO ledger_journals (id, reference, kind, created_at)
      SELECT ${lit(jFirst)} + g, 'bench:' || (${lit(jFirst)} + g), CASE WHEN k % 2 = 0 THEN 'deposit_credit' ELSE 'order_open' END, at
      FROM (${journal} FROM generate_series(${lit(lo)}, ${lit(hi - 1)}) g) j`,
  );
  await inBatches(
    db,
    total,
    (lo, hi) => sql`
      INSERT INTO ledger_entries (id, journal_id, account_id, asset, amount, balance_after, created_at)
      SELECT ${lit(eFirst)} + 2 * g, ${lit(jFirst)} + g, ${lit(accFirst)} + i, 'USD',
             CASE WHEN k % 2 = 0 THEN ${lit(CREDIT)} ELSE -${lit(DEBIT)} END,
             (k / 2 + 1) * ${lit(CREDIT)} - ((k + 1) / 2) * ${lit(DEBIT)}, at
      FROM (${journal} FROM generate_series(${lit(lo)}, ${lit(hi - 1)}) g) j
      UNION ALL
      SELECT ${lit(eFirst)} + 2 * g + 1, ${lit(jFirst)} + g,
             CASE WHEN k % 2 = 0 THEN (CASE WHEN heavy_run THEN ${lit(house.get(houses[2]!)!)} ELSE ${lit(house.get(houses[0]!)!)} END)
                  ELSE (CASE WHEN heavy_run THEN ${lit(house.get(houses[3]!)!)} ELSE ${lit(house.get(houses[1]!)!)} END) END,
             'USD',
             CASE WHEN k % 2 = 0 THEN -${lit(CREDIT)} ELSE ${lit(DEBIT)} END,
             CASE WHEN k % 2 = 0 THEN -${lit(CREDIT)}::bigint * ((hk / 2) * width + pos + 1)
                  ELSE ${lit(DEBIT)}::bigint * (((hk - 1) / 2) * width + pos + 1) END, at
      FROM (${journal} FROM generate_series(${lit(lo)}, ${lit(hi - 1)}) g) j`,
    BATCH_JOURNALS,
  );
  await moveSequencePast(db, 'ledger_journals');
  await moveSequencePast(db, 'ledger_entries');
  // Each account's balance is its last entry's balance_after.
  await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    await tx.execute(sql`
      UPDATE ledger_accounts a SET balance = (
        SELECT e.balance_after FROM ledger_entries e WHERE e.account_id = a.id ORDER BY e.id DESC LIMIT 1)
      WHERE (a.id BETWEEN ${lit(accFirst)} AND ${lit(accFirst + users.count - 1)}
         OR a.id = ANY(${`{${[...house.values()].join(',')}}`}::bigint[]))
        AND EXISTS (SELECT 1 FROM ledger_entries e WHERE e.account_id = a.id)`);
  });
}

/** Two entries per journal: half the rows of the other tables' batches per statement. */
const BATCH_JOURNALS = 125_000;
