import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AdminUser } from '@app/contracts';
import { listUsersForOperator } from '../../src/modules/users/index.ts';
import { expectIndexedPlans, recordingDb } from '../helpers/query-plans.ts';
import { createTestApp, operatorHeaders, registerUser, type TestApp } from '../helpers/test-app.ts';

// The console's Users list (GET /admin/users?q=): a query names users by a key as search everything does (id and
// invitation code whole, account and phone whole or by their beginning), newest first, a page at a time with the
// total; and every statement it sends is answered from an index (a list searched used to read every user).

let t: TestApp;
type User = Awaited<ReturnType<typeof registerUser>>;
const tag = `ul${process.pid % 10_000}`;
/** Three users whose accounts share a beginning (registered in this order: the last is the newest). */
let family: User[];
let other: User;

const list = async (query: Record<string, string>) => {
  const response = await t.admin.inject({
    method: 'GET',
    url: `/admin/users?${new URLSearchParams(query)}`,
    headers: operatorHeaders('sam'),
  });
  const body = response.json() as { code: number; key: string; data: { items: AdminUser[]; total: number } };
  expect(body.code, `${JSON.stringify(query)}: ${body.key}`).toBe(200);
  return body.data;
};
const ids = (answer: { items: AdminUser[] }) => answer.items.map((u) => u.id);

beforeAll(async () => {
  t = await createTestApp();
  family = [];
  for (const n of [1, 2, 3]) family.push(await registerUser(t.app, t.database, { account: `${tag}Fam${n}` }));
  other = await registerUser(t.app, t.database, { account: `Zz${tag}Other` });
});
afterAll(async () => t?.close());

describe('GET /admin/users?q= finds', () => {
  it('a user by id, account (any case, or its beginning), phone (whole, in groups, its beginning) and invitation code', async () => {
    const [first] = family as [User];
    expect(ids(await list({ q: String(other.user.id) }))).toContain(other.user.id);
    expect(ids(await list({ q: other.account.toUpperCase() }))).toEqual([other.user.id]);
    expect(ids(await list({ q: other.account.slice(0, 6) }))).toEqual([other.user.id]);

    expect(ids(await list({ q: first.phone }))).toEqual([first.user.id]);
    const grouped = `${first.phone.slice(0, 3)} ${first.phone.slice(3, 7)}-${first.phone.slice(7)}`;
    expect(ids(await list({ q: grouped }))).toEqual([first.user.id]);
    expect(ids(await list({ q: first.phone.slice(0, 9) }))).toContain(first.user.id);

    const [{ invite_code: code }] = (
      await t.database.db.execute<{ invite_code: string }>(
        sql`SELECT invite_code FROM users WHERE id = ${first.user.id}`,
      )
    ).rows as [{ invite_code: string }];
    expect(ids(await list({ q: code.toLowerCase() }))).toContain(first.user.id);
  });

  it('every user with a key that begins so, newest first, a page at a time, with their total', async () => {
    const newestFirst = family.map((u) => u.user.id as number).reverse();
    const all = await list({ q: tag.toUpperCase(), size: '10' });
    expect(ids(all)).toEqual(newestFirst);
    expect(all.total).toBe(3);
    const [page1, page2, page3] = [
      await list({ q: tag, size: '2' }),
      await list({ q: tag, size: '2', page: '2' }),
      await list({ q: tag, size: '2', page: '3' }),
    ];
    expect(ids(page1)).toEqual(newestFirst.slice(0, 2));
    expect(ids(page2)).toEqual(newestFirst.slice(2));
    expect(ids(page3)).toEqual([]);
    expect([page1.total, page2.total, page3.total]).toEqual([3, 3, 3]);
    // A user named by two keys at once (an invitation code that is also its account) is listed once.
    const [first] = family as [User];
    await t.database.db.execute(
      sql`UPDATE users SET invite_code = ${first.account.toUpperCase()} WHERE id = ${first.user.id}`,
    );
    expect(await list({ q: first.account })).toMatchObject({ items: [{ id: first.user.id }], total: 1 });
  });

  it('nothing in the middle of a key, and takes a query literally', async () => {
    const middle = await list({ q: 'Fam2' });
    expect(ids(middle)).not.toContain(family[1]!.user.id);
    expect(ids(await list({ q: other.account.slice(2) }))).toEqual([]);
    for (const q of ['%', '_', `${tag}%`, `${tag}_am1`, '\\', "'"]) {
      const answer = await list({ q });
      expect(answer, q).toEqual({ items: [], total: 0 });
    }
    // Blank is the whole list, as before.
    expect((await list({ q: '   ' })).total).toBeGreaterThanOrEqual(4);
  });
});

describe('every statement of the list searched', () => {
  it('is answered from index ranges: with sequential scans off no plan needs one, nor reads a whole index', async () => {
    const { db: logged, captured } = recordingDb(t.database.pool);
    const queries = [String(other.user.id), other.account, tag, family[0]!.phone.slice(0, 5), 'u', '%_\\'];
    for (const q of queries) await listUsersForOperator(logged, { q, page: 2, size: 2 });
    expect(captured).toHaveLength(queries.length * 2);

    await expectIndexedPlans(t.database.url, captured, ({ query, plan, indexScans, what }) => {
      // Every index is read by a condition (a range or a probe), never from end to end with a filter.
      for (const scan of indexScans) expect(scan['Index Cond'], what).toBeDefined();
      // A beginning is a range of a text_pattern_ops index.
      if (/ LIKE /i.test(query)) expect(plan, what).toContain('~>=~');
    });
  });
});
