import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../src/platform/db/client.ts';
import type { SeedCounts } from './seed-counts.ts';
import { seedInvest } from './seed-invest.ts';
import { seedRealNames } from './seed-kyc.ts';
import { seedLedger } from './seed-ledger.ts';
import { seedMessages } from './seed-messages.ts';
import { seedOrders } from './seed-orders.ts';
import { seedPrices } from './seed-prices.ts';
import { seedUsers } from './seed-users.ts';
import { seedWallet } from './seed-wallet.ts';

/** Each domain's seeding and the tables it fills (their row counts are printed after it). */
export const SEED_STEPS: Array<{
  name: string;
  tables: string[];
  run: (db: DbOrTx, counts: SeedCounts) => Promise<unknown>;
}> = [
  { name: 'users', tables: ['users'], run: seedUsers },
  { name: 'ledger', tables: ['ledger_accounts', 'ledger_journals', 'ledger_entries'], run: seedLedger },
  { name: 'orders', tables: ['contract_orders', 'open_stakes'], run: seedOrders },
  { name: 'invest', tables: ['invest_holdings', 'invest_lots', 'invest_orders'], run: seedInvest },
  { name: 'messages', tables: ['inbox_messages'], run: seedMessages },
  { name: 'wallet', tables: ['deposits', 'withdrawals', 'exchanges', 'payment_methods'], run: seedWallet },
  { name: 'kyc', tables: ['kyc_submissions'], run: seedRealNames },
  { name: 'prices', tables: ['price_ticks', 'candles'], run: seedPrices },
];

/** Seeds every domain in order (users first: the rest belong to them), printing time and row counts per step. */
export async function seedPlatform(db: DbOrTx, counts: SeedCounts, log = console.log): Promise<void> {
  const existing = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM users WHERE invite_code LIKE 'BN%'`,
  );
  if (existing.rows[0]!.n > 0) throw new Error('this database is seeded already: seed a fresh one');
  for (const step of SEED_STEPS) {
    const t0 = performance.now();
    await step.run(db, counts);
    const seconds = (performance.now() - t0) / 1000;
    const rows = [];
    for (const table of step.tables) {
      await db.execute(sql`ANALYZE ${sql.identifier(table)}`);
      const r = await db.execute<{ n: string }>(sql`SELECT count(*)::text AS n FROM ${sql.identifier(table)}`);
      rows.push(`${table} ${Number(r.rows[0]!.n).toLocaleString('en')}`);
    }
    log(`  ${step.name.padEnd(9)} ${seconds.toFixed(1).padStart(7)} s   ${rows.join(', ')}`);
  }
}
