import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { loadConfig } from '../../src/platform/config/env.ts';
import { openDatabase } from '../../src/platform/db/database.ts';
import { verifyLedger } from '../../src/modules/ledger/ledger-verify.ts';
import { ledgerJournals } from '../../src/modules/ledger/ledger.table.ts';
import { isAlive, postmasterPid, runTs, waitFor } from './processes.ts';

// These tests are about the embedded database's files on disk; against an external server they would
// only repeat the ledger tests.
const embedded = inject('pgMode') === 'embedded';
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'app-crash-'));
afterAll(async () => fs.rm(dataDir, { recursive: true, force: true }));

async function burstAndKill(run: number, killPostgresToo: boolean) {
  const burst = runTs('test/crash/journal-burst.ts', { DATA_DIR: dataDir, BURST_RUN: String(run) });
  await waitFor(() => burst.lines.some((l) => l.startsWith('ready')), 'the burst to start');
  await waitFor(() => burst.lines.filter((l) => l.startsWith('committed')).length >= 200, 'journals to commit');
  const pgPid = await postmasterPid(dataDir);
  expect(pgPid).not.toBeNull();
  burst.child.kill('SIGKILL');
  if (killPostgresToo) process.kill(pgPid!, 'SIGKILL');
  await burst.exited;
  // Every line printed before the kill is a transaction the database acknowledged as committed.
  const committed = burst.lines.filter((l) => l.startsWith('committed ')).map((l) => l.slice('committed '.length));
  return { committed, pgPid: pgPid! };
}

async function restartAndVerify(committed: string[]) {
  const database = await openDatabase(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), () => {});
  try {
    const report = await verifyLedger(database.db);
    const found = await database.db
      .select({ reference: ledgerJournals.reference })
      .from(ledgerJournals)
      .where(inArray(ledgerJournals.reference, committed));
    return { report, found: found.length };
  } finally {
    await database.shutdown();
  }
}

describe.runIf(embedded)('crash recovery (kill -9 during a burst of journals)', () => {
  it('recovers when only the server dies and leaves PostgreSQL orphaned', async () => {
    const { committed, pgPid } = await burstAndKill(1, false);
    expect(isAlive(pgPid)).toBe(true);
    const { report, found } = await restartAndVerify(committed);
    expect(report.breaks).toEqual([]);
    expect(found).toBe(committed.length);
    expect(isAlive(pgPid)).toBe(false);
  }, 240_000);

  it('recovers when the server and PostgreSQL die together (power loss)', async () => {
    const { committed, pgPid } = await burstAndKill(2, true);
    await waitFor(() => !isAlive(pgPid), 'postgres to die', 10_000);
    const { report, found } = await restartAndVerify(committed);
    expect(report.breaks).toEqual([]);
    expect(found).toBe(committed.length);
    expect(report.journals).toBeGreaterThanOrEqual(2 * committed.length);
  }, 240_000);
});
