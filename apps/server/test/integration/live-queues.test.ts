import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildAdminApp } from '../../src/admin-app.ts';
import { ADMIN_TOKEN, call, createTestApp, operatorHeaders, type TestApp } from '../helpers/test-app.ts';
import { operatorCall, submitDeposit } from './wallet-helpers.ts';

let t: TestApp;
/** A second node's operator app over the same database: the stream must see what another node wrote. */
let otherNode: FastifyInstance;
let otherUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  process.env.LIVE_QUEUES_POLL_MS = '150';
  otherNode = await buildAdminApp({ db: t.database.db, token: ADMIN_TOKEN, logLevel: 'silent' });
  otherUrl = await otherNode.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  delete process.env.LIVE_QUEUES_POLL_MS;
  await otherNode?.close();
  await t?.close();
});

/** The events of one open stream, read as they come. */
function openStream(headers: Record<string, string>) {
  const controller = new AbortController();
  const events: { counts: Record<string, number> }[] = [];
  let wake: () => void = () => {};
  const done = (async () => {
    const response = await fetch(`${otherUrl}/admin/live`, { headers, signal: controller.signal });
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done: ended } = await reader.read();
      if (ended) return;
      buffer += value;
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const data = block.split('\n').find((l) => l.startsWith('data: '));
        if (block.includes('event: counts') && data) {
          events.push(JSON.parse(data.slice(6)));
          wake();
        }
      }
    }
  })().catch(() => {});
  const next = async (accept: (e: { counts: Record<string, number> }) => boolean) => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const found = events.find(accept);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no such event; got ${JSON.stringify(events)}`);
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, 500);
      });
    }
  };
  return { next, close: () => controller.abort(), done };
}

describe('live queues', () => {
  it('each role gets the counts of the queues it may work, and no others', async () => {
    const finance = await operatorCall(t.admin, 'fay', 'GET', '/admin/live/counts');
    expect(Object.keys(finance.data.counts).sort()).toEqual(['approvals', 'cases', 'deposits', 'withdrawals']);
    const support = await operatorCall(t.admin, 'sam', 'GET', '/admin/live/counts');
    expect(Object.keys(support.data.counts).sort()).toEqual(['approvals', 'real_name', 'support']);
    const anonymous = await fetch(`${otherUrl}/admin/live`);
    expect(anonymous.status).toBe(401);
  });

  it('a deposit taken by one node shows in a stream from another, and leaves it when decided', async () => {
    const stream = openStream(operatorHeaders('fay'));
    const first = await stream.next(() => true);
    const before = first.counts.deposits!;
    const deposit = await submitDeposit(t, '200');
    await stream.next((e) => e.counts.deposits === before + 1);
    const approved = await operatorCall(t.admin, 'finn', 'POST', `/admin/deposits/${deposit.id}/approve`, {
      reason: 'transfer matches the statement',
    });
    expect(approved.code).toBe(200);
    await stream.next((e) => e.counts.deposits === before);
    stream.close();
    await stream.done;
  });

  it('a user contesting a refused deposit shows in the cases count, and leaves it when decided', async () => {
    const stream = openStream(operatorHeaders('fay'));
    const before = (await stream.next(() => true)).counts.cases!;
    const deposit = await submitDeposit(t, '30');
    const refused = await operatorCall(t.admin, 'fay', 'POST', `/admin/deposits/${deposit.id}/refuse`, {
      reason: 'no matching transfer found',
    });
    expect(refused.code).toBe(200);
    const opened = await call(t.app, 'POST', '/api/user/cases', {
      token: deposit.user.token,
      body: { kind: 'deposit', item_id: String(deposit.id), text: 'I did pay: see my statement.' },
    });
    expect(opened.key).toBe('case_opened');
    await stream.next((e) => e.counts.cases === before + 1);
    const decided = await operatorCall(t.admin, 'fay', 'POST', `/admin/cases/${opened.data.id}/decide`, {
      outcome: 'upheld',
      reason: 'the bank shows no transfer from this account',
    });
    expect(decided.code).toBe(200);
    await stream.next((e) => e.counts.cases === before);
    stream.close();
    await stream.done;
  });

  it('a held change waiting for a second operator counts as an approval for those who may decide it', async () => {
    const before = (await operatorCall(t.admin, 'bob', 'GET', '/admin/live/counts')).data.counts.approvals;
    const sam = (await operatorCall(t.admin, 'sam', 'GET', '/admin/live/counts')).data.counts.approvals;
    await operatorCall(t.admin, 'alice', 'POST', '/admin/operators', {
      name: 'live.admin',
      role: 'admin',
      reason: 'a second admin for the night shift',
    });
    expect((await operatorCall(t.admin, 'bob', 'GET', '/admin/live/counts')).data.counts.approvals).toBe(before + 1);
    // Support cannot decide an operators' change: their count does not move.
    expect((await operatorCall(t.admin, 'sam', 'GET', '/admin/live/counts')).data.counts.approvals).toBe(sam);
  });
});

describe('waiting for my approval', () => {
  const approvals = async (who: 'fay' | 'finn' | 'alice' | 'bob' | 'sam') =>
    (await operatorCall(t.admin, who, 'GET', '/admin/approvals')).data.items as {
      kind: string;
      id: number;
      first_by: string;
    }[];
  const count = async (who: 'fay' | 'finn' | 'alice' | 'bob' | 'sam') =>
    (await operatorCall(t.admin, who, 'GET', '/admin/live/counts')).data.counts.approvals as number;
  const has = (items: { kind: string; id: number }[], kind: string, id: number) =>
    items.some((i) => i.kind === kind && i.id === id);

  it('what an operator first-approved or proposed waits for the others, not for them, in the list and the count', async () => {
    const [fayBefore, finnBefore] = [await count('fay'), await count('finn')];
    // 12,000 U is above the 10,000 U four-eyes threshold: fay's approval is the first of two.
    const deposit = await submitDeposit(t, '12000');
    const first = await operatorCall(t.admin, 'fay', 'POST', `/admin/deposits/${deposit.id}/approve`, {
      reason: 'transfer matches the statement',
    });
    expect(first.code).toBe(200);
    const { user } = (await submitDeposit(t, '10')).user;
    const adjustment = await operatorCall(t.admin, 'finn', 'POST', `/admin/users/${user.id}/adjustments`, {
      direction: 'credit',
      amount: '20000',
      category: 'goodwill',
      reason: 'ticket 5120',
    });
    expect(adjustment.data.status).toBe('pending');

    // fay first-approved the deposit; finn requested the adjustment: each sees only the other's.
    expect(await count('fay')).toBe(fayBefore + 1);
    expect(await count('finn')).toBe(finnBefore + 1);
    const fays = await approvals('fay');
    expect(has(fays, 'adjustment', adjustment.data.id)).toBe(true);
    expect(has(fays, 'deposit', deposit.id)).toBe(false);
    const finns = await approvals('finn');
    expect(has(finns, 'deposit', deposit.id)).toBe(true);
    expect(has(finns, 'adjustment', adjustment.data.id)).toBe(false);
    expect(finns.find((i) => i.kind === 'deposit' && i.id === deposit.id)?.first_by).toBe('fay');
    // Support may decide neither.
    const sams = await approvals('sam');
    expect(sams.some((i) => i.kind === 'deposit' || i.kind === 'adjustment')).toBe(false);

    // Decided from the queue (approve one, refuse the other with a reason), each leaves every list and count.
    const refused = await operatorCall(t.admin, 'fay', 'POST', `/admin/adjustments/${adjustment.data.id}/refuse`, {
      reason: 'no ticket 5120 in the desk',
    });
    expect(refused.data.status).toBe('refused');
    const approved = await operatorCall(t.admin, 'finn', 'POST', `/admin/deposits/${deposit.id}/approve`, {
      reason: 'second look: statement matches',
    });
    expect(approved.code).toBe(200);
    expect(await count('fay')).toBe(fayBefore);
    expect(await count('finn')).toBe(finnBefore);
    expect(has(await approvals('finn'), 'deposit', deposit.id)).toBe(false);
  });

  it('a held change waits for another admin, not for the one who proposed it', async () => {
    const [aliceBefore, bobBefore] = [await count('alice'), await count('bob')];
    const proposed = await operatorCall(t.admin, 'alice', 'POST', '/admin/operators', {
      name: 'queue.admin',
      role: 'admin',
      reason: 'a second admin for the weekend',
    });
    expect(proposed.key).toBe('change_proposed');
    expect(await count('alice')).toBe(aliceBefore);
    expect(await count('bob')).toBe(bobBefore + 1);
    const bobs = await approvals('bob');
    const item = bobs.find((i) => i.kind === 'held_change' && i.first_by === 'alice');
    expect(item).toBeDefined();
    expect((await approvals('alice')).some((i) => i.kind === 'held_change' && i.id === item!.id)).toBe(false);
    const refused = await operatorCall(t.admin, 'bob', 'POST', `/admin/held-changes/${item!.id}/refuse`, {
      reason: 'not before the weekend rota is agreed',
    });
    expect(refused.data.status).toBe('refused');
    expect(await count('bob')).toBe(bobBefore);
  });
});
