import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { LANGUAGES } from '@app/contracts';
import { createTestApp, registerUser, type TestApp } from '../helpers/test-app.ts';
import { postJournal } from '../../src/modules/ledger/ledger.service.ts';
import { houseAccount, userAccount } from '../../src/modules/ledger/account-codes.ts';

const FILE_ANSWERS = new Set(['/api/user/finance_csv', '/api/user/export']);

/**
 * Every endpoint of the OpenAPI document (itself generated from the zod schemas in packages/contracts) is called
 * with valid, boundary and hostile values: huge and negative numbers, unicode, empty, arrays, wrong types, markup.
 * Whatever comes in: never a 5xx, always the envelope with a message in the asker's language, and a refusal
 * changes nothing (no row added or removed, no balance or password moved).
 */

type JsonSchema = { type?: string | string[]; enum?: unknown[]; properties?: Record<string, JsonSchema> };
type Operation = {
  parameters?: { name: string; in: string; schema?: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
};
type Route = { method: 'GET' | 'POST'; path: string; fields: Record<string, JsonSchema>; body: boolean };

// Rows that a refused request may legitimately add: a failed login is counted, a code is sent, an SMS queued,
// a rate-limit window counted, the first answer of a keyed request kept for replays, a session seen.
const BOOKKEEPING = new Set([
  'login_failures',
  'verification_codes',
  'outbox',
  'rate_limit_hits',
  'idempotency_keys',
  'sessions',
  'audit_log',
]);

let t: TestApp;
let token: string;
let routes: Route[];

/**
 * Rows added or removed anywhere but the bookkeeping tables, counted as they happen: a row trigger on each table
 * (this test's own database) bumps one counter in the writer's transaction, so a rolled-back write counts nothing.
 * Reading one counter is what lets every call of every route be checked within the time (a count of every table
 * each time was most of this test's minutes).
 */
async function countRowChanges() {
  const tables = await t.database.db.execute<{ table_name: string }>(
    sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
  );
  await t.database.db.execute(
    sql.raw(`
    CREATE TABLE fuzz_row_changes (n bigint NOT NULL);
    INSERT INTO fuzz_row_changes VALUES (0);
    CREATE FUNCTION fuzz_count_row_change() RETURNS trigger LANGUAGE plpgsql AS
      $$ BEGIN UPDATE fuzz_row_changes SET n = n + 1; RETURN NULL; END $$;`),
  );
  for (const { table_name: name } of tables.rows.filter((r) => !BOOKKEEPING.has(r.table_name)))
    await t.database.db.execute(
      sql.raw(`CREATE TRIGGER fuzz_row_change AFTER INSERT OR DELETE ON "${name}"
        FOR EACH ROW EXECUTE FUNCTION fuzz_count_row_change()`),
    );
}

async function fingerprint(): Promise<string> {
  const state = await t.database.db.execute<{ changes: string; balances: string; users: string }>(
    sql.raw(`SELECT (SELECT n::text FROM fuzz_row_changes) AS changes,
      (SELECT md5(string_agg(code || ':' || balance, ',' ORDER BY code)) FROM ledger_accounts) AS balances,
      (SELECT md5(string_agg(password_hash || coalesce(fund_password_hash, '') || locked, ',' ORDER BY id)) FROM users) AS users`),
  );
  return JSON.stringify(state.rows[0]);
}

const hostile = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '-0.01',
    '0.001',
    '1e308',
    '-1e308',
    '99999999999999999999999999999',
    'NaN',
    'Infinity',
    'null',
    'undefined',
    'true',
    '[]',
    '{}',
    '0x1F',
    '1,000',
    '\u0000',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '../../etc/passwd',
    '🙂'.repeat(40),
    'ﷺ'.repeat(300),
    'a'.repeat(20_000),
  ),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.integer().map(String),
  fc.double({ noNaN: false }).map(String),
  fc.array(fc.string({ maxLength: 6 }), { minLength: 2, maxLength: 3 }),
);

const valueFor = (schema: JsonSchema) => {
  const candidates: fc.Arbitrary<unknown>[] = [hostile];
  if (schema.enum?.length) candidates.push(fc.constantFrom(...schema.enum.map(String)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'integer' || type === 'number')
    candidates.push(fc.constantFrom('1', '10', '30', '60', '100', '1000', '2147483648').map(String));
  if (type === 'string') candidates.push(fc.constantFrom('BTC/USDT', 'up', 'down', '1', 'USDT', 'TRC20'));
  return fc.oneof(...candidates);
};

beforeAll(async () => {
  t = await createTestApp();
  const user = await registerUser(t.app, t.database);
  token = user.token;
  await t.database.db.transaction((tx) =>
    postJournal(tx, {
      reference: 'fuzz:fund',
      kind: 'test',
      transfers: [{ from: houseAccount('bonuses'), to: userAccount(user.user.id, 'available'), amount: 1_000_000n }],
    }),
  );
  // The practice account opens on first use, by a read or by any practice order, even one then refused. The
  // user sees the same 10,000 U either way, so it is opened here, before the fingerprints that compare refusals.
  expect((await t.app.inject({ method: 'GET', url: '/api/user/practice', headers: { token } })).statusCode).toBe(200);
  await countRowChanges();
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, Operation>>;
  }>();
  routes = Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([method]) => method === 'get' || method === 'post')
      .map(([method, op]) => {
        const fields: Record<string, JsonSchema> = {};
        for (const p of op.parameters ?? []) if (p.in === 'query') fields[p.name] = p.schema ?? {};
        const body = op.requestBody ? Object.values(op.requestBody.content)[0]!.schema : null;
        Object.assign(fields, body?.properties ?? {});
        return { method: method.toUpperCase() as Route['method'], path, fields, body: method === 'post' };
      }),
  );
});
afterAll(async () => {
  await t?.close();
});

describe('every endpoint under valid, boundary and hostile input', () => {
  it('covers the whole API', () => {
    expect(routes.length).toBeGreaterThan(40);
  });

  it('never fails with a 5xx, always answers with a translated message, and a refusal changes nothing', async () => {
    let ip = 0;
    // The state after one call is the state before the next (no job runs in this app): one fingerprint a call.
    let last = await fingerprint();
    for (const route of routes) {
      // Logging out would end the session the other calls use.
      const withToken = route.path !== '/api/login/logout';
      const input = fc.record(
        Object.fromEntries(
          Object.entries(route.fields).map(([k, s]) => [k, fc.option(valueFor(s), { nil: undefined })]),
        ),
      );
      await fc.assert(
        fc.asyncProperty(input, fc.constantFrom(...LANGUAGES), fc.boolean(), async (fields, lang, asJson) => {
          const before = last;
          const entries = Object.entries(fields).filter(([, v]) => v !== undefined);
          const form = new URLSearchParams();
          for (const [k, v] of entries) for (const one of Array.isArray(v) ? v : [v]) form.append(k, String(one));
          const headers: Record<string, string> = { lang, ...(withToken ? { token } : {}) };
          const response = await t.app.inject({
            method: route.method,
            url: route.body || entries.length === 0 ? route.path : `${route.path}?${form}`,
            headers: route.body
              ? { ...headers, 'content-type': asJson ? 'application/json' : 'application/x-www-form-urlencoded' }
              : headers,
            payload: route.body ? (asJson ? JSON.stringify(Object.fromEntries(entries)) : form.toString()) : undefined,
            remoteAddress: `198.51.100.${(ip++ % 250) + 1}`,
          });
          const where = `${route.method} ${route.path} ${JSON.stringify(fields).slice(0, 300)}`;
          // Readiness answers 503 by design while this test app has no price feed running: its verdict on the
          // node, still a translated envelope.
          last = await fingerprint();
          last = await fingerprint();
          const notReady = route.path === '/api/health/ready' && response.statusCode === 503;
          if (!notReady) expect(response.statusCode, where).toBeLessThan(500);
          // The file answers (a CSV, a ZIP) are not envelopes when they succeed.
          if (FILE_ANSWERS.has(route.path) && response.statusCode === 200) return;
          const answer = response.json<{ code: number; msg: string; key: string }>();
          expect(typeof answer.key, where).toBe('string');
          expect(answer.msg.length, where).toBeGreaterThan(0);
          if (answer.code !== 200) expect(last, where).toBe(before);
        }),
        { numRuns: Number(process.env.FUZZ_RUNS ?? 20) },
      );
    }
    // The counter is live: the calls that succeeded (a check-in, a practice order...) added rows it saw.
    expect(Number(JSON.parse(last).changes)).toBeGreaterThan(0);
  }, 300_000);

  it('refuses an oversized body with a translated message', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login/index',
      headers: { 'content-type': 'application/x-www-form-urlencoded', lang: 'de' },
      payload: `account=${'a'.repeat(1_000_000)}&password=x`,
    });
    expect(response.statusCode).toBe(413);
    const answer = response.json<{ msg: string; key: string }>();
    expect(answer.key).toBeTruthy();
    expect(answer.msg.length).toBeGreaterThan(0);
  });
});

it('refuses a NUL character anywhere in the input as bad input (PostgreSQL text cannot hold one)', async () => {
  const query = await t.app.inject({ method: 'GET', url: '/api/index/goods?symbol=%00' });
  expect(query.statusCode).toBe(400);
  expect(query.json()).toMatchObject({ key: 'invalid_request' });
  const body = await t.app.inject({
    method: 'POST',
    url: '/api/login/index',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ account: 'a\u0000b', password: 'secret123' }),
  });
  expect(body.json()).toMatchObject({ key: 'invalid_request' });
});
