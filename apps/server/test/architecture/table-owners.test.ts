import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tableReferences, type ReferenceKind } from './table-references.ts';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');

/**
 * Every table belongs to the module (or platform part) whose folder declares it. Another part of the server may
 * name it only here, and only to read, where one statement must join across owners; a write to another owner's
 * table goes through the owner's face. Keep this list short: each entry says why one statement cannot be split.
 */
const crossOwnerReads: readonly { unit: string; tables: readonly string[]; why: string }[] = [
  {
    unit: 'modules/data-export',
    tables: [
      'audit_log',
      'checkins',
      'contract_orders',
      'copy_subscriptions',
      'deposits',
      'exchanges',
      'inbox_messages',
      'invest_flex_moves',
      'invest_holdings',
      'invest_orders',
      'kyc_submissions',
      'ledger_accounts',
      'ledger_entries',
      'ledger_journals',
      'login_records',
      'payment_methods',
      'price_alerts',
      'products',
      'push_subscriptions',
      'self_freezes',
      'sessions',
      'support_messages',
      'uploads',
      'user_cases',
      'user_limits',
      'user_notes',
      'user_passkeys',
      'user_tags',
      'users',
      'withdraw_allowlists',
      'withdrawals',
    ],
    why: "A user's export is every row held about them, read in one repeatable-read snapshot so its files agree; each section names its columns one by one (no secret leaves), which no owner's paged screen reader does.",
  },
  {
    unit: 'modules/activity',
    tables: ['contract_orders', 'copy_tasks', 'deposits', 'exchanges', 'invest_orders', 'products', 'withdrawals'],
    why: "A user's activity is one keyset-paged UNION over every kind of record: a page across owners needs one statement.",
  },
  {
    unit: 'modules/orders',
    tables: [
      'contract_terms',
      'copy_leaders',
      'copy_records',
      'feed_progress',
      'price_ticks',
      'products',
      'reference_ticks',
    ],
    why: "Order placement is one statement (terms, price second, feed progress, copy source, insert): the hot path has one round trip (bench:orders). Order pages show the product beside each order. Settlement claims a batch with both sources' prices of each order's seconds in one statement.",
  },
  {
    unit: 'modules/copy',
    tables: ['contract_orders', 'open_stakes', 'products'],
    why: "Copy trading mirrors a leader's orders: the fan-out, the worker and the verifier read the leader's orders in the statement that claims them; leader statistics aggregate them.",
  },
  {
    unit: 'modules/pnl',
    tables: ['contract_orders', 'products'],
    why: 'The profit calendar aggregates settled orders per day and product in SQL.',
  },
  {
    unit: 'modules/alerts',
    tables: ['price_ticks'],
    why: 'An alert is checked against every recorded second since its last check in one statement, not row by row.',
  },
  {
    unit: 'modules/market',
    tables: ['contract_orders'],
    why: "Price retention keeps every second an order opened or settled at: the delete's NOT EXISTS must see the orders.",
  },
  {
    unit: 'modules/inbox',
    tables: ['users'],
    why: 'A message to every user is one INSERT … SELECT over the users, not a round trip per user.',
  },
  {
    unit: 'modules/auth',
    tables: ['users'],
    why: "A session is live only while its user is not locked: read in the statement that reads the session, which order placement's statement includes.",
  },
  {
    unit: 'modules/limits',
    tables: ['contract_orders', 'deposits', 'open_stakes', 'sessions'],
    why: "A limit is checked in the statement where money moves: the open-order limit reads the user's open orders' count (kept with the open stakes) and the session limit reads the session's age inside order placement's statement; the deposit limit sums the day's deposits under the user's limits lock.",
  },
  {
    unit: 'platform/metrics',
    tables: [
      'backup_runs',
      'contract_orders',
      'copy_tasks',
      'deposits',
      'feed_state',
      'invest_accruals',
      'kyc_submissions',
      'login_failures',
      'withdrawals',
    ],
    why: 'One scrape reads every gauge (queues waiting, feed age, failed sign-ins) in one statement; platform code imports no module.',
  },
  {
    unit: 'platform/health',
    tables: ['feed_state'],
    why: "Readiness reads the feed's heartbeat in the shared check's one statement; platform code imports no module.",
  },
];

/** The one place that deletes other owners' rows: only rows whose retention period has passed. */
const crossOwnerWrites: readonly { unit: string; tables: readonly string[]; why: string }[] = [
  {
    unit: 'platform/maintenance',
    tables: ['idempotency_keys', 'login_failures', 'rate_limit_hits', 'sessions', 'verification_codes'],
    why: 'Retention is one batched-delete routine over every table whose rows expire (docs/operations.md), each table with its age column in one list.',
  },
  {
    unit: 'modules/orders',
    tables: ['idempotency_keys'],
    why: 'Order placement claims its idempotency key in the same statement as the insert, so a retried order cannot land twice.',
  },
];

function allows(list: typeof crossOwnerReads, unit: string, table: string): boolean {
  return list.some((entry) => entry.unit === unit && entry.tables.includes(table));
}

describe('every table is named only by its owner', () => {
  const { definitions, references } = tableReferences(src);
  const key = (unit: string, table: string, kind: ReferenceKind) => `${unit} ${kind}s ${table}`;

  it('finds the tables and the owners', () => {
    expect(definitions.length).toBeGreaterThan(60);
    expect(definitions.find((d) => d.sqlName === 'users')?.owner).toBe('modules/users');
    expect(new Set(definitions.map((d) => d.sqlName)).size).toBe(definitions.length);
  });

  it("writes to another owner's table go through its face", () => {
    const writes = references
      .filter((r) => r.kind === 'write' && !allows(crossOwnerWrites, r.unit, r.table))
      .map((r) => `${key(r.unit, r.table, 'write')} (${r.file}, owned by ${r.owner})`);
    expect([...new Set(writes)]).toEqual([]);
  });

  it("reads of another owner's table are the listed read models", () => {
    const reads = references
      .filter((r) => r.kind === 'read')
      .filter((r) => !allows(crossOwnerReads, r.unit, r.table) && !allows(crossOwnerWrites, r.unit, r.table))
      .map((r) => `${key(r.unit, r.table, 'read')} (${r.file}, owned by ${r.owner})`);
    expect([...new Set(reads)]).toEqual([]);
  });

  it('lists nothing that is no longer there', () => {
    const seen = new Set(references.map((r) => `${r.unit} ${r.table}`));
    const stale = [...crossOwnerReads, ...crossOwnerWrites].flatMap((entry) =>
      entry.tables.filter((table) => !seen.has(`${entry.unit} ${table}`)).map((table) => `${entry.unit} ${table}`),
    );
    expect(stale).toEqual([]);
  });
});
