import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/platform/config/paths.ts';
import { ADMIN_TOKEN, createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * deploy/prometheus and deploy/grafana against the server: the rules pass promtool's check and their unit tests
 * (alerts.test.yml), the example configuration is valid, and every metric the rules and the dashboard name is one
 * a node really exports (read from a scrape of a test server), so a renamed metric cannot leave an alert that never
 * fires. Each alert's runbook_url names a section of docs/runbook.md. promtool comes with Debian's `prometheus`
 * package; without it its part is skipped with a notice.
 */
const promtool = ['/usr/bin/promtool', '/usr/local/bin/promtool'].find(
  (file) => spawnSync(file, ['--version'], { stdio: 'ignore' }).status === 0,
);
if (!promtool) console.warn('[prometheus-rules] promtool is not installed: its checks are skipped');

const prometheusDir = path.join(repoRoot, 'deploy/prometheus');
const rulesText = readFileSync(path.join(prometheusDir, 'alerts.yml'), 'utf8');
const dashboard = JSON.parse(readFileSync(path.join(repoRoot, 'deploy/grafana/contract-trader.json'), 'utf8')) as {
  panels: { type: string; title: string; targets?: { expr: string }[] }[];
};

/** The rules' expressions: `expr:` on one line, or `expr: |` and the lines indented below it. */
function ruleExpressions(yaml: string): { alert: string; expr: string; runbook: string }[] {
  const rules: { alert: string; expr: string; runbook: string }[] = [];
  const lines = yaml.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const alert = /^\s*- alert: (\w+)/.exec(lines[i]!)?.[1];
    if (alert) rules.push({ alert, expr: '', runbook: '' });
    const rule = rules.at(-1);
    const expr = /^(\s*)expr: (.*)$/.exec(lines[i]!);
    if (rule && expr) {
      if (expr[2] !== '|') rule.expr = expr[2]!;
      else
        while (i + 1 < lines.length && lines[i + 1]!.startsWith(`${expr[1]}  `)) rule.expr += `${lines[++i]!.trim()} `;
    }
    const runbook = /runbook_url: '([^']+)'/.exec(lines[i]!)?.[1];
    if (rule && runbook) rule.runbook = runbook;
  }
  return rules;
}

const KEYWORDS = new Set(['by', 'without', 'on', 'ignoring', 'and', 'or', 'unless', 'bool', 'offset', 'group_left']);

/** The metric names a PromQL expression reads: label matchers, grouping clauses, functions and numbers aside. */
function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/'[^']*'|"[^"]*"/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without|on|ignoring)\s*\([^)]*\)/g, ' ')
    .replace(/\$\w+/g, ' ');
  return [...bare.matchAll(/([A-Za-z_:][A-Za-z0-9_:]*)\s*(\()?/g)]
    .filter((m) => !m[2] && !KEYWORDS.has(m[1]!))
    .map((m) => m[1]!);
}

let t: TestApp;
let exported: Set<string>;
beforeAll(async () => {
  t = await createTestApp({ withHub: true, withMetrics: true });
  const text = (
    await t.admin.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })
  ).body;
  exported = new Set(['up']);
  for (const [, name, type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    exported.add(name!);
    if (type === 'histogram') for (const part of ['_bucket', '_sum', '_count']) exported.add(name + part);
  }
});
afterAll(async () => t?.close());

describe('the alerting rules', () => {
  const rules = ruleExpressions(rulesText);

  it('cover what the operators asked to be told, on metrics the server exports', () => {
    expect(rules.map((r) => r.alert).sort()).toEqual(
      [
        'BackupOverdue',
        'BaseBackupOverdue',
        'DatabasePoolWaiting',
        'HighErrorRate',
        'JobLeaderMissing',
        'NodeDown',
        'NodeNotReady',
        'PriceFeedStalled',
        'ProductPriceDelayed',
        'ReviewQueueWaiting',
        'SettlementOverdue',
        'WalArchiveFailing',
        'WalArchiveStale',
      ].sort(),
    );
    for (const rule of rules) {
      const names = metricNames(rule.expr);
      expect(names.length, rule.alert).toBeGreaterThan(0);
      for (const name of names) expect(exported.has(name), `${rule.alert}: ${name}`).toBe(true);
    }
  });

  it('each link a section of the runbook', () => {
    const runbook = readFileSync(path.join(repoRoot, 'docs/runbook.md'), 'utf8');
    const anchors = new Set([...runbook.matchAll(/^#{2,3} (.+)$/gm)].map((m) => m[1]!.trim().toLowerCase()));
    for (const rule of rules) {
      expect(rule.runbook, rule.alert).toBe(`docs/runbook.md#${rule.alert.toLowerCase()}`);
      expect(anchors.has(rule.alert.toLowerCase()), rule.alert).toBe(true);
    }
  });

  it.runIf(promtool)('pass promtool check rules and their unit tests, and the example configuration is valid', () => {
    const check = spawnSync(promtool!, ['check', 'rules', 'alerts.yml'], { cwd: prometheusDir, encoding: 'utf8' });
    expect(check.stdout + check.stderr).toContain('SUCCESS: 13 rules found');
    expect(check.status).toBe(0);
    const unit = spawnSync(promtool!, ['test', 'rules', 'alerts.test.yml'], { cwd: prometheusDir, encoding: 'utf8' });
    expect(unit.stdout + unit.stderr).toContain('SUCCESS');
    expect(unit.status, unit.stdout + unit.stderr).toBe(0);
    const config = spawnSync(promtool!, ['check', 'config', '--syntax-only', 'prometheus.example.yml'], {
      cwd: prometheusDir,
      encoding: 'utf8',
    });
    expect(config.status, config.stdout + config.stderr).toBe(0);
  });
});

describe('the Grafana dashboard', () => {
  it('draws only metrics the server exports', () => {
    const targets = dashboard.panels.flatMap((p) => (p.targets ?? []).map((target) => ({ panel: p.title, ...target })));
    expect(targets.length).toBeGreaterThan(15);
    for (const target of targets) {
      const names = metricNames(target.expr);
      expect(names.length, target.panel).toBeGreaterThan(0);
      for (const name of names) expect(exported.has(name), `${target.panel}: ${name}`).toBe(true);
    }
    // The dashboard shows every metric an alert watches.
    const drawn = new Set(targets.flatMap((target) => metricNames(target.expr)));
    for (const rule of ruleExpressions(rulesText))
      for (const name of metricNames(rule.expr)) expect(drawn.has(name), `${rule.alert}: ${name}`).toBe(true);
  });
});
