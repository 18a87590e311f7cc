import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { AppError } from '../../src/platform/http/app-error.ts';
import { balancesOf, ensureAccounts, postJournal } from '../../src/modules/ledger/ledger.service.ts';
import { verifyLedger } from '../../src/modules/ledger/ledger-verify.ts';
import { houseAccount, userAccount } from '../../src/modules/ledger/account-codes.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
});
afterAll(async () => database?.drop());

// Three users and two house accounts per sequence; each sequence uses user ids of its own.
type Op = { from: number; to: number; amount: number };
const opArb = fc.record({
  from: fc.integer({ min: 0, max: 4 }),
  to: fc.integer({ min: 0, max: 4 }),
  amount: fc.integer({ min: 1, max: 5_000 }),
});

let nextUser = 1_000;

describe('ledger (property)', () => {
  it('keeps every balance equal to a model, never below zero for users, over 1,000 random sequences', async () => {
    let sequences = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 8 }), async (ops: Op[]) => {
        sequences++;
        const base = (nextUser += 3);
        const codes = [
          userAccount(base, 'available'),
          userAccount(base + 1, 'available'),
          userAccount(base + 2, 'frozen'),
          houseAccount('bonuses'),
          houseAccount('fees'),
        ];
        const isHouse = (i: number) => i >= 3;
        await ensureAccounts(database.db, codes);
        const model = new Map(codes.map((c) => [c, 0n]));
        for (const h of [houseAccount('bonuses'), houseAccount('fees')]) {
          model.set(h, (await balancesOf(database.db, [h])).get(h)!);
        }
        let n = 0;
        for (const op of ops) {
          const from = codes[op.from]!;
          const to = codes[op.to]!;
          const amount = BigInt(op.amount);
          const reference = `prop:${base}:${n++}`;
          const attempt = database.db.transaction((tx) =>
            postJournal(tx, { reference, kind: 'test', transfers: [{ from, to, amount }] }),
          );
          if (from === to) {
            await expect(attempt).rejects.toThrow();
            continue;
          }
          const affordable = isHouse(op.from) || model.get(from)! >= amount;
          if (affordable) {
            await attempt;
            model.set(from, model.get(from)! - amount);
            model.set(to, model.get(to)! + amount);
          } else {
            await expect(attempt).rejects.toSatisfy((e) => e instanceof AppError && e.key === 'balance_insufficient');
          }
        }
        const actual = await balancesOf(database.db, codes);
        for (const code of codes) expect(actual.get(code)).toBe(model.get(code));
        for (const code of codes.slice(0, 3)) expect(actual.get(code)! >= 0n).toBe(true);
      }),
      { numRuns: 1_000 },
    );
    expect(sequences).toBeGreaterThanOrEqual(1_000);
    const report = await verifyLedger(database.db);
    expect(report.breaks).toEqual([]);
    expect(report.journals).toBeGreaterThan(500);
  }, 600_000);

  it('posts a reference once: a retried journal is a no-op', async () => {
    const a = userAccount(1, 'available');
    await ensureAccounts(database.db, [a, houseAccount('bonuses')]);
    const post = () =>
      database.db.transaction((tx) =>
        postJournal(tx, {
          reference: 'once:1',
          kind: 'test',
          transfers: [{ from: houseAccount('bonuses'), to: a, amount: 500n }],
        }),
      );
    expect((await post()).created).toBe(true);
    expect((await post()).created).toBe(false);
    expect((await balancesOf(database.db, [a])).get(a)).toBe(500n);
  });

  it('is refused by the database itself: unbalanced journals, edits and negative user balances', async () => {
    const pool = database.pool;
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const j = await client.query(
        `INSERT INTO ledger_journals (reference, kind) VALUES ('raw:1', 'raw') RETURNING id`,
      );
      const acc = await client.query(`SELECT id FROM ledger_accounts WHERE code = $1`, [userAccount(1, 'available')]);
      // Refused when the statement that wrote the journal's entries ends.
      await expect(
        client.query(
          `INSERT INTO ledger_entries (journal_id, account_id, asset, amount, balance_after) VALUES ($1, $2, 'USD', 10, 10)`,
          [j.rows[0].id, acc.rows[0].id],
        ),
      ).rejects.toThrow(/at least 2/);
      await client.query('ROLLBACK');
      await client.query('BEGIN');
      const k = await client.query(
        `INSERT INTO ledger_journals (reference, kind) VALUES ('raw:2', 'raw') RETURNING id`,
      );
      await expect(
        client.query(
          `INSERT INTO ledger_entries (journal_id, account_id, asset, amount, balance_after) VALUES ($1, $2, 'USD', 10, 10), ($1, $2, 'USD', 5, 15)`,
          [k.rows[0].id, acc.rows[0].id],
        ),
      ).rejects.toThrow(/sum to zero/);
      await client.query('ROLLBACK');
      // Entries name a journal and an account that exist.
      await expect(
        client.query(
          `INSERT INTO ledger_entries (journal_id, account_id, asset, amount, balance_after) VALUES (-1, $1, 'USD', 10, 10), (-1, $1, 'USD', -10, 0)`,
          [acc.rows[0].id],
        ),
      ).rejects.toThrow(/journal -1, which does not exist/);
    } finally {
      client.release();
    }
    await expect(pool.query(`UPDATE ledger_entries SET amount = amount + 1`)).rejects.toThrow(/append-only/);
    await expect(pool.query(`DELETE FROM ledger_journals`)).rejects.toThrow(/append-only/);
    await expect(pool.query(`DELETE FROM ledger_accounts`)).rejects.toThrow(/append-only/);
    await expect(
      pool.query(`UPDATE ledger_accounts SET balance = -1 WHERE code = $1`, [userAccount(1, 'available')]),
    ).rejects.toThrow(/ledger_accounts_non_negative/);
    await expect(
      pool.query(`UPDATE ledger_accounts SET balance = balance + 1 WHERE code = $1`, [userAccount(1, 'available')]),
    ).rejects.toThrow(/a ledger balance changes only with its entries/);
    expect((await verifyLedger(database.db)).breaks).toEqual([]);
  });

  it('reports a break when a balance no longer matches its entries', async () => {
    const c = userAccount(2, 'available');
    await ensureAccounts(database.db, [c]);
    // Simulates a write that bypassed the ledger module and the database's own check (a superuser's replica mode).
    const bypass = (delta: number) =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL session_replication_role = replica`);
        await tx.execute(sql`UPDATE ledger_accounts SET balance = balance + ${delta} WHERE code = ${c}`);
      });
    await bypass(7);
    const report = await verifyLedger(database.db);
    expect(report.breaks.map((b) => b.kind)).toContain('balance_differs_from_entries');
    await bypass(-7);
  });
});
