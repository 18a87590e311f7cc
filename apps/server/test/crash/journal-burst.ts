/**
 * A child process for the crash test: opens the embedded database under DATA_DIR, then posts journals
 * as fast as it can, printing each reference after its transaction committed, until it is killed.
 */
import { loadConfig } from '../../src/platform/config/env.ts';
import { openDatabase } from '../../src/platform/db/database.ts';
import { ensureAccounts, postJournals } from '../../src/modules/ledger/ledger.service.ts';
import { houseAccount, userAccount } from '../../src/modules/ledger/account-codes.ts';

process.removeAllListeners('SIGINT');
process.removeAllListeners('SIGTERM');
const config = loadConfig();
const database = await openDatabase(config, () => {});
const run = process.env.BURST_RUN ?? '0';
const users = [1, 2, 3, 4].map((n) => userAccount(Number(run) * 10 + n, 'available'));
await ensureAccounts(database.db, [...users, houseAccount('bonuses'), houseAccount('trading')]);
process.stdout.write(`ready ${process.pid}\n`);

let n = 0;
const worker = async (w: number) => {
  for (;;) {
    const i = n++;
    const reference = `burst:${run}:${w}:${i}`;
    const user = users[i % users.length]!;
    const next = users[(i + 1) % users.length]!;
    // Two journals in one transaction, posted together so their accounts are locked in one order.
    await database.db.transaction((tx) =>
      postJournals(tx, [
        { reference, kind: 'burst', transfers: [{ from: houseAccount('bonuses'), to: user, amount: 1_000n }] },
        {
          reference: reference + ':spend',
          kind: 'burst',
          transfers: [
            { from: user, to: houseAccount('trading'), amount: 600n },
            { from: user, to: next, amount: 100n },
          ],
        },
      ]),
    );
    process.stdout.write(`committed ${reference}\n`);
  }
};
await Promise.all([0, 1, 2, 3].map(worker));
