import { loadConfig } from '../platform/config/env.ts';
import { verifyLedger } from '../modules/ledger/index.ts';
import { withDatabase } from '../platform/db/with-database.ts';

/** `pnpm ledger:verify`: re-derives every balance and journal; exits 1 on any break. */
const report = await withDatabase(loadConfig(), verifyLedger);
console.log(`accounts ${report.accounts}, journals ${report.journals}, entries ${report.entries}`);
if (report.breaks.length === 0) {
  console.log('ledger OK: every balance equals the sum of its entries and every journal sums to zero');
  process.exit(0);
}
console.error(`ledger BROKEN: ${report.breaks.length} problem(s)`);
for (const b of report.breaks.slice(0, 50)) console.error(`  ${b.kind}: ${b.detail}`);
process.exit(1);
