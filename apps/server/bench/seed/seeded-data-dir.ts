import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runTs } from '../../test/crash/processes.ts';

/**
 * The seeded data directory a benchmark reads: DATA_DIR (from pnpm bench:seed, kept), else a fresh one seeded now at
 * BENCH_SCALE (default 0.01) and removed by `done`.
 */
export async function seededDataDir(name: string): Promise<{ dataDir: string; done: () => Promise<void> }> {
  const given = process.env.DATA_DIR;
  if (given) return { dataDir: given, done: async () => {} };
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `app-bench-${name}-`));
  const seeding = runTs('bench/seed/main.ts', { DATA_DIR: dataDir, BENCH_SCALE: process.env.BENCH_SCALE ?? '0.01' });
  const code = await seeding.exited;
  if (code !== 0) throw new Error(`bench:seed failed:\n${seeding.lines.join('\n')}`);
  return { dataDir, done: () => fs.rm(dataDir, { recursive: true, force: true }) };
}
