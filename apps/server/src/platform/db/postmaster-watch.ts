import fs from 'node:fs/promises';
import path from 'node:path';
import { isAlive } from './embedded.ts';

const EVERY_MS = 1_000;

/**
 * Calls back once if the embedded PostgreSQL's postmaster (named in its pid file) is gone without being stopped:
 * killed, or crashed. Nothing else would notice: every query would fail for ever. Returns the function that ends
 * the watch (call it before a deliberate stop).
 */
export async function watchPostmaster(dataDir: string, onExit: (pid: number) => void): Promise<() => void> {
  const text = await fs.readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8');
  const pid = Number.parseInt(text.split('\n')[0] ?? '', 10);
  if (!pid) throw new Error(`no postmaster pid in ${dataDir}/pg/postmaster.pid`);
  const timer = setInterval(() => {
    if (isAlive(pid)) return;
    clearInterval(timer);
    onExit(pid);
  }, EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
