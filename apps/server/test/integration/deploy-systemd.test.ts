import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

/**
 * deploy/systemd as an operator installs it: `systemd-analyze verify` finds nothing to say about the units (it
 * exits 0 even for a directive it ignores, so its output must be empty), and the node's unit waits for readiness
 * with a script that exists, within a start timeout longer than the script's own.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const unitsDir = path.join(repoRoot, 'deploy/systemd');
const analyze = ['/usr/bin/systemd-analyze', '/bin/systemd-analyze'].find((p) => fs.existsSync(p));
if (!analyze) console.warn('[deploy-systemd] systemd-analyze is not installed: the unit check is skipped');
const units = fs.readdirSync(unitsDir).filter((f) => /\.(service|timer)$/.test(f));

it.runIf(analyze)('passes systemd-analyze verify without a warning', () => {
  expect(units.length).toBeGreaterThanOrEqual(3);
  const check = spawnSync(analyze!, ['verify', ...units], { cwd: unitsDir, encoding: 'utf8' });
  expect(`${check.stdout}${check.stderr}`.trim()).toBe('');
  expect(check.status).toBe(0);
});

it('reports a failed backup through a unit that exists', () => {
  const unit = fs.readFileSync(path.join(unitsDir, 'contract-trader-backup.service'), 'utf8');
  const onFailure = /^OnFailure=(\S+)$/m.exec(unit)?.[1];
  expect(onFailure).toBe('contract-trader-backup-failed.service');
  expect(units).toContain(onFailure);
});

it('starts a node as done only once its readiness answers, within the start timeout', () => {
  const unit = fs.readFileSync(path.join(unitsDir, 'contract-trader.service'), 'utf8');
  const post = /^ExecStartPost=\/usr\/bin\/node (\S+)$/m.exec(unit)?.[1];
  expect(post).toBe('apps/server/scripts/wait-ready.mjs');
  expect(fs.existsSync(path.join(repoRoot, post!))).toBe(true);
  const script = fs.readFileSync(path.join(repoRoot, post!), 'utf8');
  const scriptDefault = Number(/READY_TIMEOUT \|\| (\d+)/.exec(script)?.[1]);
  const startTimeout = Number(/^TimeoutStartSec=(\d+)s$/m.exec(unit)?.[1]);
  expect(startTimeout).toBeGreaterThan(scriptDefault);
});
