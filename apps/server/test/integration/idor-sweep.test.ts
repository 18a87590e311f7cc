import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { postJournal } from '../../src/modules/ledger/ledger.service.ts';
import { houseAccount, userAccount } from '../../src/modules/ledger/account-codes.ts';
import { call, registerUser, type TestApp } from '../helpers/test-app.ts';
import { changeControl } from '../helpers/held-change.ts';
import { marketTestApp, type MarketHarness } from '../helpers/market-test-app.ts';
import { workCopyTasks } from '../../src/modules/copy/copy-worker.ts';
import { intentKey, operatorCall, pngImage, SATURDAY_MORNING_SHANGHAI, uploadProof } from './wallet-helpers.ts';

/**
 * An IDOR sweep generated from the route list (the OpenAPI document): every field of every endpoint that names an
 * object by id is given, by a stranger, each id of everything the owner has (harvested from every table with a
 * user_id). Each such call must answer exactly as the same call with an id that exists nowhere, and the owner's
 * rows must be as they were. Sequences are moved apart per table first, so an id of one table is never an id of
 * another: "exists nowhere" stays true for every id field the sweep does not know the meaning of.
 */

type Operation = {
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
};
type Route = { method: 'GET' | 'POST'; path: string; fields: string[] };
type User = { token: string; user: { id: number } };

let t: TestApp;
let market: MarketHarness;
let owner: User;
let stranger: User;

const post = (token: string, url: string, body: Record<string, string>) => call(t.app, 'POST', url, { token, body });
const get = (token: string, url: string) => call(t.app, 'GET', url, { token });
const fund = (userId: number) =>
  t.database.db.transaction((tx) =>
    postJournal(tx, {
      reference: `idor:fund:${userId}`,
      kind: 'system_gift',
      transfers: [{ from: houseAccount('bonuses'), to: userAccount(userId, 'available'), amount: 1_000_000n }],
    }),
  );

async function userWithMoney(): Promise<User> {
  const u = await registerUser(t.app, t.database);
  expect((await post(u.token, '/api/user/pwd_pay', { password: 'fund1234', password_confirm: 'fund1234' })).code).toBe(
    200,
  );
  await fund(u.user.id);
  return u;
}

async function tablesWithOwner(): Promise<{ table: string; hasId: boolean }[]> {
  const rows = await t.database.db.execute<{ table_name: string; has_id: boolean }>(sql`
    SELECT c.table_name, bool_or(i.column_name IS NOT NULL) AS has_id
    FROM information_schema.columns c
    LEFT JOIN information_schema.columns i
      ON i.table_schema = c.table_schema AND i.table_name = c.table_name AND i.column_name = 'id'
    WHERE c.table_schema = 'public' AND c.column_name = 'user_id'
    GROUP BY c.table_name ORDER BY c.table_name`);
  return rows.rows.map((r) => ({ table: r.table_name, hasId: r.has_id }));
}

async function idsOf(userId: number): Promise<Set<string>> {
  const ids = new Set<string>();
  for (const { table, hasId } of await tablesWithOwner()) {
    if (!hasId) continue;
    const rows = await t.database.db.execute<{ id: string }>(
      sql.raw(`SELECT id::text AS id FROM "${table}" WHERE user_id = ${userId}`),
    );
    rows.rows.forEach((r) => ids.add(r.id));
  }
  return ids;
}

/** What the owner has: row counts per table, every row's content, and the balances. */
async function ownerState(userId: number): Promise<string> {
  const parts: string[] = [];
  for (const { table } of await tablesWithOwner()) {
    if (table === 'sessions') continue; // last_seen moves with every call the owner makes
    const rows = await t.database.db.execute<{ h: string | null }>(
      sql.raw(`SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS h FROM "${table}" t WHERE user_id = ${userId}`),
    );
    parts.push(`${table}:${rows.rows[0]!.h}`);
  }
  const balances = await t.database.db.execute<{ h: string | null }>(
    sql`SELECT md5(string_agg(code || balance, ',' ORDER BY code)) AS h FROM ledger_accounts WHERE code LIKE ${`user:${userId}:%`}`,
  );
  return parts.join(',') + balances.rows[0]!.h;
}

beforeAll(async () => {
  ({ t, market } = await marketTestApp({ start: SATURDAY_MORNING_SHANGHAI }));
  await market.advance(30);
  // Each table's ids in a range of their own.
  const sequences = await t.database.db.execute<{ seq: string }>(
    sql`SELECT sequence_schema || '.' || sequence_name AS seq FROM information_schema.sequences WHERE sequence_schema = 'public' ORDER BY 1`,
  );
  for (const [i, { seq }] of sequences.rows.entries())
    await t.database.db.execute(sql`SELECT setval(${seq}, ${(i + 1) * 10_000_000})`);

  // A new card may take withdrawals at once here (the hold is the wallet suite's subject).
  await changeControl(t.admin, '/admin/wallet-settings', { reason: 'idor sweep', hold_hours: 0 });
  owner = await userWithMoney();
  stranger = await userWithMoney();
  // The owner's things, one of each kind the API makes.
  const card = await post(owner.token, '/api/user/add_card', {
    bank_name: 'Owner Bank',
    branch: 'Main St',
    holder: 'Owner Holder',
    card_number: `6222${String(process.pid).padStart(6, '0')}778899`,
  });
  expect(card.code).toBe(200);
  // A wallet address and a pay account too, and customer service's one allowed edit open on each of the three:
  // a stranger's edit naming one of them would go through if the edit looked the method up by id alone.
  const wallet = await post(owner.token, '/api/user/add_wallet_addr', {
    currency: 'USDT',
    network: 'ERC20',
    address: '0x52908400098527886E0F7030069857D2E4169EE7',
  });
  expect(wallet.code).toBe(200);
  const payAccount = await post(owner.token, '/api/user/add_payment', {
    kind: 'alipay',
    holder: 'Owner Holder',
    account: 'owner@example.com',
  });
  expect(payAccount.code).toBe(200);
  for (const method of [card, wallet, payAccount])
    expect(
      (
        await operatorCall(
          t.admin,
          'sam',
          'POST',
          `/admin/users/${owner.user.id}/payment-methods/${method.data.id}/allow-edit`,
          {
            reason: 'idor sweep: an open allowance',
          },
        )
      ).code,
    ).toBe(200);
  const upload = await uploadProof(t.app, owner.token, await pngImage(7));
  const channel = (await get(owner.token, '/api/user/recharge')).data.channels[0];
  const deposit = await post(owner.token, '/api/user/dorecharge', {
    channel_id: String(channel.id),
    amount: '200',
    payer_name: 'Owner',
    upload_id: upload,
    key: intentKey(),
  });
  expect(deposit.code).toBe(200);
  expect(
    (
      await post(owner.token, '/api/user/cash', {
        method_id: String(card.data.id),
        amount: '100',
        fund_password: 'fund1234',
        key: intentKey(),
      })
    ).code,
  ).toBe(200);
  expect(
    (await post(owner.token, '/api/user/exchange_quote', { direction: 'buy', coin: 'BTC', amount: '50' })).code,
  ).toBe(200);
  const plan = (await get(owner.token, '/api/user/yeb_project')).data.items[0];
  expect(
    (await post(owner.token, '/api/user/yebjoinnow', { id: String(plan.id), amount: '100', key: intentKey() })).code,
  ).toBe(200);
  expect(
    (
      await post(owner.token, '/api/user/addorder', {
        symbol: 'BTC/USDT',
        seconds: '60',
        amount: '10',
        direction: 'up',
        key: intentKey(),
      })
    ).code,
  ).toBe(200);
  // The owner follows a leader (a third user), whose order is copied to the owner: a subscription, a copy task
  // and a copy order of the owner's.
  const leader = await userWithMoney();
  const led = await post(leader.token, '/api/user/copy_lead', { display_name: 'Sweep Leader', agree: '1' });
  expect(led.code).toBe(200);
  const followed = await post(owner.token, '/api/user/goorder', {
    leader_id: String(led.data.leader.leader_id),
    amount: '10',
    max_amount: '100',
    daily_loss: '100',
    agree: '1',
  });
  expect(followed.code).toBe(200);
  const leaderOrder = await post(leader.token, '/api/user/addorder', {
    symbol: 'BTC/USDT',
    seconds: '60',
    amount: '10',
    direction: 'down',
    key: intentKey(),
  });
  expect(leaderOrder.code).toBe(200);
  expect(await workCopyTasks(t.database.db, { now: market.now(), tz: 'Asia/Shanghai' })).toBe(1);
  expect((await get(owner.token, '/api/user/copy_orders')).data.items[0].status).toBe('copied');
});
afterAll(async () => {
  await market?.close();
  await t?.close();
});

it("gives a stranger nothing of the owner's through any id field of any endpoint", async () => {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, Operation>>;
  }>();
  const routes: Route[] = Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([method]) => method === 'get' || method === 'post')
      .map(([method, op]) => ({
        method: method.toUpperCase() as Route['method'],
        path,
        fields: [
          ...(op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
          ...Object.keys(Object.values(op.requestBody?.content ?? {})[0]?.schema.properties ?? {}),
        ],
      })),
  );
  const idRoutes = routes.filter((r) => r.fields.some((f) => /(^|_)id$/.test(f)));
  expect(idRoutes.length).toBeGreaterThan(10);

  const mine = await idsOf(stranger.user.id);
  const theirs = [...(await idsOf(owner.user.id))].filter((id) => !mine.has(id));
  expect(theirs.length).toBeGreaterThan(5);
  const before = await ownerState(owner.user.id);
  const filler: Record<string, () => string> = {
    amount: () => '100',
    key: () => intentKey(),
    fund_password: () => 'fund1234',
    direction: () => 'up',
    coin: () => 'BTC',
    symbol: () => 'BTC/USDT',
    seconds: () => '60',
    payer_name: () => 'Stranger',
    renew: () => '0',
    page: () => '1',
    size: () => '20',
    // What an edit of a payment method needs to pass validation and reach the method's lookup.
    bank_name: () => 'Stranger Bank',
    branch: () => 'Side St',
    holder: () => 'Stranger Holder',
    card_number: () => '6222030303030303',
    currency: () => 'USDT',
    network: () => 'TRC20',
    address: () => 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    kind: () => 'alipay',
    account: () => 'stranger@example.com',
  };
  const nowhere = (id: string) => (/^\d+$/.test(id) ? '987654321' : id.replace(/[0-9a-f]/g, 'e'));
  let calls = 0;
  for (const route of idRoutes) {
    for (const field of route.fields.filter((f) => /(^|_)id$/.test(f))) {
      for (const id of theirs) {
        const ask = async (value: string) => {
          const values: Record<string, string> = {};
          for (const f of route.fields) if (filler[f]) values[f] = filler[f]!();
          values[field] = value;
          calls++;
          return route.method === 'GET'
            ? get(stranger.token, `${route.path}?${new URLSearchParams(values)}`)
            : post(stranger.token, route.path, values);
        };
        const withTheirs = await ask(id);
        const withNothing = await ask(nowhere(id));
        const where = `${route.method} ${route.path} ${field}=${id}`;
        expect({ code: withTheirs.code, key: withTheirs.key }, where).toEqual({
          code: withNothing.code,
          key: withNothing.key,
        });
        if (route.method === 'GET') expect(withTheirs.data, where).toEqual(withNothing.data);
      }
    }
  }
  expect(calls).toBeGreaterThan(100);
  // The allowed edits were reached with the owner's ids (and refused like ids that exist nowhere).
  for (const path of ['/api/user/edit_card', '/api/user/edit_wallet_addr', '/api/user/edit_payment'])
    expect(idRoutes.map((r) => r.path)).toContain(path);
  expect(await ownerState(owner.user.id)).toBe(before);
}, 300_000);
