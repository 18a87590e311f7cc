import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { promisify } from 'node:util';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { verifyLiabilitiesProof, type LiabilitiesProofShown } from '../../../../packages/verifier/src/liabilities.ts';
import { dayOfLabel, dayStart } from '@app/contracts';
import { houseAccount, postJournals, userAccount } from '../../src/modules/ledger/index.ts';
import { findProduct, priceAt, recordTicks } from '../../src/modules/market/index.ts';
import { publishLiabilities } from '../../src/modules/liabilities/index.ts';
import { sequence } from '../../src/modules/transparency/index.ts';
import { freshSeed, signerFromSeed } from '../../src/modules/transparency/log-signer.ts';
import { call, createTestApp, registerUser, type TestApp } from '../helpers/test-app.ts';

// The proof of liabilities: a day's Merkle sum tree over every user's liability (USD buckets and coins at the
// day's close), its root in the transparency log, and each user's proof checked by the verifier package's own code
// (written apart from the server's tree), in the test and as `pnpm verify-log --token`.

const verifierDir = path.resolve(import.meta.dirname, '../../../../packages/verifier');
const DAY = '2026-11-28';
const TZ = 'Asia/Shanghai';
/** The first user's 0.5 BTC, valued by the test at the day's last recorded BTC/USDT price. */
let btcCents = 0n;
let t: TestApp;
let url: string;
const users: Array<{ userId: number; token: string; cents: bigint }> = [];

/** The ledger's users' USD liabilities summed by the test itself, to the cent. */
async function ledgerTotal(): Promise<bigint> {
  const rows = await t.database.db.execute<{ total: string }>(
    sql`SELECT coalesce(sum(balance), 0)::text AS total FROM ledger_accounts WHERE user_id IS NOT NULL AND asset = 'USD'`,
  );
  return BigInt(rows.rows[0]!.total);
}

beforeAll(async () => {
  t = await createTestApp();
  // Users owed different amounts in different buckets (available, frozen, plan), moved as the ledger moves money.
  for (let i = 0; i < 6; i++) {
    const { token } = await registerUser(t.app, t.database);
    const userId = Number((await call(t.app, 'GET', '/api/user/index', { token })).data.id);
    const cents = BigInt(1_000 * (i + 1) + i);
    await t.database.db.transaction((tx) =>
      postJournals(tx, [
        {
          reference: `test:liabilities:${userId}`,
          kind: 'adjustment_credit',
          transfers: [
            { from: 'house:USD:adjustments', to: userAccount(userId, 'available'), amount: cents },
            ...(i % 2
              ? [
                  {
                    from: userAccount(userId, 'available'),
                    to: userAccount(userId, i % 3 ? 'plan' : 'frozen'),
                    amount: 7n,
                  },
                ]
              : []),
          ],
          memo: {},
        },
      ]),
    );
    users.push({ userId, token, cents });
  }
  // The first user also holds 0.5 BTC after an exchange: owed in kind, counted at the day's close price.
  const holder = users[0]!;
  await t.database.db.transaction((tx) =>
    postJournals(tx, [
      {
        reference: `test:liabilities:btc:${holder.userId}`,
        kind: 'exchange_buy',
        transfers: [
          {
            from: houseAccount('exchange', 'BTC'),
            to: userAccount(holder.userId, 'available', 'BTC'),
            amount: 50_000_000n,
          },
        ],
        memo: {},
      },
    ]),
  );
  const btc = (await findProduct(t.database.db, 'BTC/USDT'))!;
  const closeAt = dayStart(dayOfLabel(DAY) + 1, TZ) - 1;
  await recordTicks(t.database.db, [
    { productId: btc.id, ts: closeAt - 30, price: 96_123n * 10n ** BigInt(btc.precision), volume: 1 },
  ]);
  const close = (await priceAt(t.database.db, btc.id, closeAt))!;
  btcCents = (50_000_000n * close.price * 100n) / (10n ** 8n * 10n ** BigInt(btc.precision));
  expect(btcCents).toBeGreaterThan(0n);
  holder.cents += btcCents;
  url = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await t?.close();
});

describe('proof of liabilities', () => {
  it('publishes a root whose total is the ledger users liabilities to the cent, and logs it', async () => {
    const root = await publishLiabilities(t.database.db, DAY, TZ);
    const total = await ledgerTotal();
    expect(total).toBeGreaterThan(0n);
    expect(BigInt(root.total.replace('.', ''))).toBe(total + btcCents);
    expect(root.coin_prices).toEqual([
      { coin: 'BTC', product: 'BTC/USDT', price: expect.any(String), at: expect.any(Number) },
    ]);
    const owed = await t.database.db.execute<{ n: string }>(sql`
      SELECT count(*)::text AS n FROM (SELECT user_id FROM ledger_accounts WHERE user_id IS NOT NULL AND asset = 'USD'
                                       GROUP BY user_id HAVING sum(balance) > 0) u`);
    expect(root.leaves).toBe(Number(owed.rows[0]!.n));
    // Published once: a second run answers the same root.
    expect(await publishLiabilities(t.database.db, DAY, TZ)).toEqual(root);

    await sequence(t.database.db, signerFromSeed(freshSeed()));
    const published = (await call(t.app, 'GET', `/api/liabilities/root?day=${DAY}`)).data;
    expect(published).toMatchObject({ day: DAY, root_hash: root.root_hash, total: root.total, leaves: root.leaves });
    expect(published.log_index).not.toBeNull();
    const entry = (await call(t.app, 'GET', `/api/log/entries?start=${published.log_index}&end=${published.log_index}`))
      .data.items[0];
    expect(JSON.parse(entry.data)).toEqual({
      type: 'liabilities_root',
      v: 1,
      day: DAY,
      root_hash: root.root_hash,
      total: root.total,
      leaves: root.leaves,
    });
  });

  it("gives each user their leaf and path, which the verifier's own code climbs to the published root", async () => {
    const leafIds = new Set<string>();
    for (const u of users) {
      const proof = (await call(t.app, 'GET', `/api/user/liabilities_proof?day=${DAY}`, { token: u.token }))
        .data as LiabilitiesProofShown;
      expect(BigInt(proof.balance.replace('.', ''))).toBe(u.cents);
      expect(proof.leaf_id).toMatch(/^[0-9a-f]{64}$/);
      expect(proof.leaf_id).not.toContain(String(u.userId.toString(16).padStart(8, '0')));
      leafIds.add(proof.leaf_id);
      const check = await verifyLiabilitiesProof(proof);
      expect(check.problems).toEqual([]);
      expect(check.ok).toBe(true);

      // One cent more in the leaf, a sibling's sum moved, a path cut short, another day's leaf id: each fails.
      const cent = (s: string) => (Number(s) + 0.01).toFixed(2);
      expect((await verifyLiabilitiesProof({ ...proof, balance: cent(proof.balance) })).ok).toBe(false);
      expect(
        (
          await verifyLiabilitiesProof({
            ...proof,
            path: proof.path.map((p, i) => (i === 0 ? { ...p, sum: cent(p.sum) } : p)),
          })
        ).ok,
      ).toBe(false);
      expect((await verifyLiabilitiesProof({ ...proof, path: proof.path.slice(1) })).ok).toBe(false);
      expect((await verifyLiabilitiesProof({ ...proof, day: '2026-11-27' })).ok).toBe(false);
    }
    expect(leafIds.size).toBe(users.length);
  });

  it('answers a proof to its user only, and refuses a bad day with a clear message', async () => {
    expect((await call(t.app, 'GET', `/api/user/liabilities_proof?day=${DAY}`)).code).toBe(401);
    const bad = await call(t.app, 'GET', '/api/user/liabilities_proof?day=yesterday', { token: users[0]!.token });
    expect(bad.code).not.toBe(200);
    expect(bad.msg.length).toBeGreaterThan(0);
    expect((await call(t.app, 'GET', '/api/liabilities/root?day=2020-01-01')).key).toBe('no_data');
  });

  it('pnpm verify-log --token checks the user is in the published total and the root is in the log', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        'src/cli.ts',
        '--url',
        url,
        '--state',
        path.join(mkdtempSync(path.join(tmpdir(), 'liabilities-')), 's.json'),
        // One argument: a session token may start with '-', which parseArgs would take for an option.
        `--token=${users[2]!.token}`,
      ],
      { cwd: verifierDir },
    ).catch((e: { stdout: string; stderr: string }) => ({ stdout: e.stdout + e.stderr }));
    expect(stdout).not.toContain('BREAK');
    expect(stdout).toMatch(
      /ok {4}your balance 30\.02 is in the published total \d+\.\d\d of 2026-11-28 \(\d+ accounts\), whose root is in the log/,
    );
  });
});
