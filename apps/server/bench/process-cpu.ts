import { readFileSync, readdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/platform/db/client.ts';

/**
 * CPU seconds a process tree has used (user + system, its reaped children's included), from /proc, leaving out the
 * subtree of `without` (a server's embedded database, counted on its own). A figure per
 * unit of work that a busy machine moves far less than it moves throughput: the benchmarks print both.
 */
export function cpuSecondsOf(rootPid: number, without?: number): number {
  const ticks = 100; // USER_HZ on Linux
  const stats = new Map<number, { ppid: number; used: number }>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let text: string;
    try {
      text = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    // The command may hold spaces and parentheses: the fields start after the last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const [utime, stime, cutime, cstime] = [11, 12, 13, 14].map((i) => Number(fields[i]));
    stats.set(Number(name), { ppid: Number(fields[1]), used: utime! + stime! + cutime! + cstime! });
  }
  let total = 0;
  const visit = (pid: number) => {
    // A process tree apart from one subtree: the server without the embedded database it started.
    if (pid === without) return;
    total += stats.get(pid)?.used ?? 0;
    for (const [child, s] of stats) if (s.ppid === pid) visit(child);
  };
  visit(rootPid);
  return total / ticks;
}

/** The database server's process (the postmaster: its backends are its children). */
export async function postmasterPid(db: Db): Promise<number> {
  const dir = await db.execute<{ data_directory: string }>(
    sql`SELECT current_setting('data_directory') AS data_directory`,
  );
  return Number(readFileSync(`${dir.rows[0]!.data_directory}/postmaster.pid`, 'utf8').split('\n')[0]);
}

/** Bytes of write-ahead log written so far: what a write costs the database, whatever else the machine does. */
export async function walBytes(db: Db): Promise<bigint> {
  const r = await db.execute<{ lsn: string }>(sql`SELECT (pg_current_wal_lsn() - '0/0'::pg_lsn)::text AS lsn`);
  return BigInt(r.rows[0]!.lsn.split('.')[0]!);
}
