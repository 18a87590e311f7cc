import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * The niceness bench:web gives everything on this machine that a phone would not run beside its browser: the app's
 * server, its database and Lighthouse. Chromium keeps the default, so on a machine of few cores the page's tasks
 * are not stretched in wall time by the harness's own work, which simulated throttling then multiplies.
 */
export const HARNESS_NICE = 10;

/**
 * Lowers the CPU priority of process `pid` and of the scheduling group it leads. On Linux with autogroups (the
 * default), every session started with setsid (each detached child: the server, its PostgreSQL, Chromium) is a
 * group that gets an equal share of the CPU whatever its processes' niceness, so the group's own niceness is the
 * one that counts. Raising a niceness needs no privilege.
 */
export function lowerCpuPriority(pid, nice = HARNESS_NICE) {
  setPriority(pid, nice);
  const autogroup = `/proc/${pid}/autogroup`;
  if (existsSync(autogroup)) writeFileSync(autogroup, String(nice));
}

/** The postmaster's pid, from the pid file PostgreSQL keeps in its data directory (its first line). */
export function postmasterPid(pgDir) {
  return Number(readFileSync(`${pgDir}/postmaster.pid`, 'utf8').split('\n')[0]);
}
