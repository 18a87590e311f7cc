import { afterAll, beforeAll, expect, it } from 'vitest';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { call, createTestApp, registerUser, type TestApp } from '../helpers/test-app.ts';
import { postJournal } from '../../src/modules/ledger/ledger.service.ts';
import { houseAccount, userAccount } from '../../src/modules/ledger/account-codes.ts';
import { writeBackup } from '../../src/platform/backup/backup.ts';
import { restoreBackup } from '../../src/platform/backup/restore.ts';

let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await createTestApp();
  dir = await mkdtemp(path.join(tmpdir(), 'backup-test-'));
});
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

async function rowCounts(): Promise<Record<string, number>> {
  const tables = await t.database.db.execute<{ table_name: string }>(
    sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
  );
  const counts: Record<string, number> = {};
  for (const { table_name } of tables.rows) {
    const n = await t.database.db.execute<{ n: string }>(sql.raw(`SELECT count(*) AS n FROM "${table_name}"`));
    counts[table_name] = Number(n.rows[0]!.n);
  }
  return counts;
}

const bonus = (userId: number, amount: bigint, reference: string) =>
  t.database.db.transaction((tx) =>
    postJournal(tx, {
      reference,
      kind: 'test',
      transfers: [{ from: houseAccount('bonuses'), to: userAccount(userId, 'available'), amount }],
    }),
  );

it('backs up, wipes, restores and verifies the ledger; the app goes on where the backup was taken', async () => {
  const alice = await registerUser(t.app, t.database);
  await bonus(alice.user.id, 12_345n, 'backup-test:1');
  await bonus(alice.user.id, 500n, 'backup-test:2');
  const before = await rowCounts();
  const balance = await call<{ balances: { available: string } }>(t.app, 'GET', '/api/user/index', {
    token: alice.token,
  });

  const file = path.join(dir, 'app.backup.gz');
  const made = await writeBackup(t.database.url, file);
  expect(made.tables).toBe(Object.keys(before).length);
  expect(made.rows).toBe(Object.values(before).reduce((a, b) => a + b, 0));
  // Recorded once written whole (the backup-age metric reads it), and not inside the backup itself.
  const [run] = (
    await t.database.db.execute<{ file: string; bytes: string; rows: string }>(
      sql`SELECT file, bytes, rows FROM backup_runs`,
    )
  ).rows;
  expect([run?.file, Number(run?.rows), Number(run?.bytes)]).toEqual([file, made.rows, made.bytes]);

  // Work done after the backup is not in it.
  await bonus(alice.user.id, 999n, 'backup-test:after');
  await registerUser(t.app, t.database);

  const restored = await restoreBackup(t.database.url, file);
  expect(restored.ledger.breaks).toEqual([]);
  expect(await rowCounts()).toEqual(before);
  const again = await call<{ balances: { available: string } }>(t.app, 'GET', '/api/user/index', {
    token: alice.token,
  });
  expect(again.data.balances.available).toBe(balance.data.balances.available);
  // Ids go on after the restored ones: a new user and a new journal are accepted.
  await registerUser(t.app, t.database);
  await bonus(alice.user.id, 1n, 'backup-test:later');
});

it('refuses a file that is not a whole backup before anything is wiped', async () => {
  const file = path.join(dir, 'whole.backup.gz');
  await writeBackup(t.database.url, file);
  // After the backup, which records itself in backup_runs.
  const before = await rowCounts();
  const text = gunzipSync(await readFile(file)).toString();
  const cut = path.join(dir, 'cut.backup.gz');
  await writeFile(cut, gzipSync(text.slice(0, Math.floor(text.length * 0.6))));
  await expect(restoreBackup(t.database.url, cut)).rejects.toThrow(/cut short/);
  const foreign = path.join(dir, 'foreign.gz');
  await writeFile(foreign, gzipSync('{"format":"something else"}\n'));
  await expect(restoreBackup(t.database.url, foreign)).rejects.toThrow(/not a backup/);
  expect(await rowCounts()).toEqual(before);
});
