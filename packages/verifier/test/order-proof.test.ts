import { describe, expect, it } from 'vitest';
import { canonical } from '../src/entries.ts';
import { verifyOrderProof, type ProofInput } from '../src/order-proof.ts';
import { logOf, newKey, wonOrder } from './fixture-log.ts';

// "Verify this order" as the browser runs it: the order's entries under a signed head, with the RFC's arithmetic.

function proofOf(o = wonOrder(), opts: { other?: object[] } = {}) {
  const other = opts.other ?? [
    { type: 'price_second', v: 1, symbol: 'ETH/USDT', second: 1, price: '1.00', source: 'simulator', step: 1 },
  ];
  const log = logOf([...other, o.openPrice, o.placed, o.settlePrice, o.settled]);
  const base = other.length;
  const input: ProofInput = {
    order: o.shown,
    entries: [
      { role: 'placed', index: base + 1, data: log.data[base + 1]! },
      { role: 'open_price', index: base, data: log.data[base]! },
      { role: 'settled', index: base + 3, data: log.data[base + 3]! },
      { role: 'settle_price', index: base + 2, data: log.data[base + 2]! },
    ],
    journals: o.journals,
    head: log.head,
    key: log.key,
    inclusion: log.inclusion,
  };
  return { input, log };
}

describe('verifyOrderProof', () => {
  it('verifies an order whose entries are under the signed head and add up, with the payout arithmetic', async () => {
    const { input } = proofOf();
    const v = await verifyOrderProof(input);
    expect(v.problems).toEqual([]);
    expect(v.status).toBe('verified');
    expect(v.entries.map((e) => e.state)).toEqual(['included', 'included', 'included', 'included']);
    expect(v.entries[0]!.auditPath.length).toBeGreaterThan(0);
    expect(v.arithmetic).toEqual({ fee: '0.50', profit: '80.00', lost: '100.00', payout: '180.00', result: 'win' });
  });

  it('verifies at every tree size and leaf position (odd trees, the last leaf, a one-entry neighbour)', async () => {
    for (let extra = 0; extra < 9; extra++) {
      const other = Array.from({ length: extra }, (_, i) => ({ type: 'terms_changed', v: 1, subject: 'x', at: i }));
      const v = await verifyOrderProof(proofOf(wonOrder(), { other }).input);
      expect(v.status, `${extra} entries before`).toBe('verified');
    }
  });

  it('fails a tampered entry: other bytes than the log holds are not in the tree', async () => {
    const { input } = proofOf();
    const placed = JSON.parse(input.entries[0]!.data);
    // The server shows a larger stake than the one logged (and the order shown agrees with it).
    input.entries[0]!.data = canonical({ ...placed, stake: '200.00', fee: '1.00' });
    input.order = { ...input.order, amount: '200.00', fee: '1.00' };
    const v = await verifyOrderProof(input);
    expect(v.status).toBe('failed');
    expect(v.entries[0]!.state).toBe('failed');
    expect(v.problems.map((p) => p.check)).toContain('inclusion');
  });

  it('fails a head signed by another key, and a head whose fields were changed after signing', async () => {
    const { input, log } = proofOf();
    const intruder = newKey();
    const forged = {
      ...input,
      head: { ...log.head, signature: intruder.signHead(log.head.tree_size, log.head.root_hash, log.head.timestamp) },
    };
    const v = await verifyOrderProof(forged);
    expect(v.status).toBe('failed');
    expect(v.problems.map((p) => p.check)).toEqual(['signature']);

    const later = await verifyOrderProof({ ...input, head: { ...log.head, timestamp: log.head.timestamp + 1 } });
    expect(later.problems.map((p) => p.check)).toEqual(['signature']);

    // A key that is not its own id's digest is refused before any signature is checked.
    const renamed = await verifyOrderProof({ ...input, key: { ...log.key, public_key: intruder.key.public_key } });
    expect(renamed.problems.map((p) => p.check)).toEqual(['key']);
  });

  it('fails a logged settlement that does not add up, though the log is honest about it', async () => {
    const o = wonOrder();
    o.settled.payout = '181.00';
    o.shown.payout = '181.00';
    const v = await verifyOrderProof(proofOf(o).input);
    expect(v.status).toBe('failed');
    expect(v.problems).toEqual([{ check: 'payout', detail: expect.stringContaining('180.00') }]);

    const lost = wonOrder();
    lost.settled.result = 'loss';
    lost.shown.result = 'loss';
    lost.settled.payout = '0.00';
    lost.shown.payout = '0.00';
    expect((await verifyOrderProof(proofOf(lost).input)).problems.map((p) => p.check)).toEqual(['result']);
  });

  it('fails an order shown otherwise than logged, a settle price from another second, and an unbalanced journal', async () => {
    const shown = proofOf();
    shown.input.order = { ...shown.input.order, open_price: '66999.00' };
    expect((await verifyOrderProof(shown.input)).problems).toEqual([
      { check: 'shown', detail: expect.stringContaining('open_price') },
    ]);

    const o = wonOrder();
    o.settlePrice.price = '67100.00';
    expect((await verifyOrderProof(proofOf(o).input)).problems.map((p) => p.check)).toEqual(['settle_price']);

    const j = proofOf();
    j.input.journals = [j.input.journals[0]!, { ...j.input.journals[1]!, lines: [{ amount: '180.00' }] }];
    expect((await verifyOrderProof(j.input)).problems.map((p) => p.check)).toEqual(['journal']);
  });

  it('says pending while an entry is queued or not yet under the head, and never verified', async () => {
    const { input, log } = proofOf();
    input.entries[2] = { ...input.entries[2]!, index: null };
    const queued = await verifyOrderProof(input);
    expect(queued.status).toBe('pending');
    expect(queued.entries[2]!.state).toBe('queued');

    // The head is older than the settlement: its entries are past the tree size.
    const older = logOf(log.data.slice(0, 3).map((d) => JSON.parse(d)));
    const early = await verifyOrderProof({
      ...proofOf().input,
      head: older.head,
      key: older.key,
      inclusion: older.inclusion,
    });
    expect(early.status).toBe('pending');
    expect(early.entries.map((e) => e.state)).toEqual(['included', 'included', 'queued', 'queued']);
  });

  it('refuses an entry that is not canonical JSON or of a version it does not know', async () => {
    const { input } = proofOf();
    input.entries[1] = { ...input.entries[1]!, data: input.entries[1]!.data.replace('{', '{ ') };
    const v = await verifyOrderProof(input);
    expect(v.status).toBe('failed');
    expect(v.problems[0]).toEqual({ check: 'entry', detail: expect.stringContaining('canonical') });
  });
});
