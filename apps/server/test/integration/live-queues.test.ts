import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildAdminApp } from '../../src/admin-app.ts';
import { ADMIN_TOKEN, createTestApp, operatorHeaders, type TestApp } from '../helpers/test-app.ts';
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
    expect(Object.keys(finance.data.counts).sort()).toEqual(['approvals', 'deposits', 'withdrawals']);
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
