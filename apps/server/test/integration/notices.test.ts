import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJournal } from '../../src/modules/ledger/ledger.service.ts';
import { houseAccount, userAccount } from '../../src/modules/ledger/account-codes.ts';
import { postInboxMessage } from '../../src/modules/inbox/index.ts';
import { call, registerUser, type TestApp } from '../helpers/test-app.ts';
import { marketTestApp, type MarketHarness } from '../helpers/market-test-app.ts';

// /api/user/notices: what the open page shows as toasts, read from the inbox and the settled orders.

let t: TestApp;
let market: MarketHarness;
let keyCounter = 0;
const key = () => `n${process.pid}-${Date.now()}-${++keyCounter}`;

beforeAll(async () => {
  ({ t, market } = await marketTestApp({ start: Math.floor(Date.now() / 1000) }));
});
afterAll(async () => {
  await market?.close();
  await t?.close();
});

const notices = (token: string, query = '', lang = 'en') =>
  call(t.app, 'GET', `/api/user/notices${query}`, { token, lang });

describe('notices', () => {
  it('starts at the present, then tells each new message and each settled order once, in the reader’s language', async () => {
    const u = await registerUser(t.app, t.database);
    await t.database.db.transaction((tx) =>
      postJournal(tx, {
        reference: `test:fund:${u.user.id}:${key()}`,
        kind: 'test',
        transfers: [{ from: houseAccount('bonuses'), to: userAccount(u.user.id, 'available'), amount: 100_000n }],
      }),
    );
    // Messages from before the page opened are not news.
    await postInboxMessage(t.database.db, {
      userId: u.user.id,
      kind: 'price_alert',
      params: { symbol: 'BTC/USDT', price: '1.00', direction: '≥', target: '1.00' },
      reference: `old:${key()}`,
    });
    const first = await notices(u.token);
    expect(first.code).toBe(200);
    expect(first.data).toMatchObject({ messages: [], results: [] });

    const placed = await call(t.app, 'POST', '/api/user/addorder', {
      token: u.token,
      body: { symbol: 'BTC/USDT', seconds: '30', amount: '10', direction: 'up', key: key() },
    });
    expect(placed.code, placed.msg).toBe(200);
    await postInboxMessage(t.database.db, {
      userId: u.user.id,
      kind: 'price_alert',
      params: { symbol: 'ETH/USDT', price: '2.00', direction: '≥', target: '2.00' },
      reference: `new:${key()}`,
    });
    const cursor = `?after=${first.data.after}&since=${first.data.since}`;
    const open = await notices(u.token, cursor, 'zh');
    expect(open.data.messages).toHaveLength(1);
    expect(open.data.messages[0]).toMatchObject({ kind: 'price_alert', link: '#/pages/trade/trade?symbol=ETH%2FUSDT' });
    expect(open.data.messages[0].title).toContain('ETH/USDT');
    expect(open.data.messages[0].title).not.toContain('Price alert');
    // Not settled yet: no result.
    expect(open.data.results).toEqual([]);

    await market.advance(30);
    const next = await notices(u.token, `?after=${open.data.after}&since=${open.data.since}`);
    expect(next.data.messages).toEqual([]);
    expect(next.data.results.map((o: { id: number }) => o.id)).toEqual([placed.data.id]);
    expect(next.data.results[0]).toMatchObject({ status: 'settled', symbol: 'BTC/USDT' });

    // Someone else's notices never show another user's news.
    const other = await registerUser(t.app, t.database);
    const theirs = await notices(other.token, `?after=0&since=0`);
    expect(theirs.data).toMatchObject({ messages: [], results: [] });
  });

  it('refuses a cursor that is not a number, and a request without a session', async () => {
    const u = await registerUser(t.app, t.database);
    expect((await notices(u.token, '?after=x')).key).toBe('invalid_request');
    expect((await call(t.app, 'GET', '/api/user/notices')).code).toBe(401);
  });
});
