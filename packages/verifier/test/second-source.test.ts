import { describe, expect, it } from 'vitest';
import {
  checkReference,
  type OrderPlaced,
  type OrderSettled,
  type OrderVoided,
  type ReferencePrice,
} from '../src/entries.ts';

// The second-source rule as the verifier applies it from the log alone (docs/transparency.md): the cases at and
// around the tolerance, a missing or stale second-source trade, and the refund of a void.

const placed: OrderPlaced = {
  type: 'order_placed',
  v: 1,
  order_id: 7,
  user: 'ab',
  product: 'BTC/USDT',
  direction: 'up',
  stake: '100.00',
  fee: '0.50',
  terms: { seconds: 5, payout_pct: '80.00', loss_pct: '100.00', fee_pct: '0.50' },
  open_second: 1000,
  open_price: '40000.00',
  reference: { source: 'okx', tolerance_pct: '0.50', max_age_seconds: 5 },
};
const settled: OrderSettled = {
  type: 'order_settled',
  v: 1,
  order_id: 7,
  settle_second: 1005,
  price_second: 1005,
  settle_price: '40100.00',
  result: 'win',
  payout: '180.00',
  journal_id: 3,
};
const voided = (reason: 'disagree' | 'missing', refund = '100.50'): OrderVoided => ({
  type: 'order_voided',
  v: 1,
  order_id: 7,
  settle_second: 1005,
  price_second: 1005,
  settle_price: '40100.00',
  reason,
  refund,
  journal_id: 3,
});
const ref = (second: number, price: string | null, tradeSecond: number | null = second): ReferencePrice => ({
  type: 'reference_price',
  v: 1,
  product: 'BTC/USDT',
  second,
  source: 'okx',
  price,
  trade_second: price === null ? null : tradeSecond,
  trade_id: price === null ? null : '99',
});

describe('checkReference', () => {
  it('accepts a settlement when both seconds agree within the tolerance, exactly at its edge too', () => {
    // 0.50 % of 40000.00 is 200.00: 40200.00 is at the edge, not beyond it.
    expect(checkReference(placed, settled, ref(1000, '40200.00'), ref(1005, '40100.00', 1001))).toEqual([]);
  });

  it('catches a settlement that should have been a void: one cent beyond the tolerance', () => {
    const problems = checkReference(placed, settled, ref(1000, '40200.01'), ref(1005, '40100.00'));
    expect(problems).toHaveLength(1);
    expect(problems[0]!.check).toBe('void');
    expect(problems[0]!.detail).toMatch(/settled as a win, but the rule voids it: at the open/);
  });

  it('catches a settlement whose second-source trade is missing, or older than the rule allows', () => {
    expect(checkReference(placed, settled, ref(1000, '40000.00'), ref(1005, null))[0]!.check).toBe('void');
    expect(checkReference(placed, settled, ref(1000, '40000.00', 994), ref(1005, '40100.00'))[0]!.detail).toMatch(
      /outside 995\.\.1000/,
    );
  });

  it('accepts a justified void with stake and fee refunded, refuses an unjustified one or a short refund', () => {
    expect(checkReference(placed, voided('disagree'), ref(1000, '40000.00'), ref(1005, '39000.00'))).toEqual([]);
    expect(checkReference(placed, voided('missing'), ref(1000, null), ref(1005, '40100.00'))).toEqual([]);
    expect(checkReference(placed, voided('disagree'), ref(1000, '40000.00'), ref(1005, '40100.00'))[0]!.check).toBe(
      'void',
    );
    expect(
      checkReference(placed, voided('disagree', '100.00'), ref(1000, '40000.00'), ref(1005, '1.00')).map(
        (p) => p.check,
      ),
    ).toEqual(['refund']);
  });

  it('requires the second-source entries of an order placed under the rule, and no void without a rule', () => {
    expect(checkReference(placed, settled, null, ref(1005, '40100.00'))[0]!.check).toBe('reference');
    const { reference: _, ...ruleless } = placed;
    expect(checkReference(ruleless, settled, null, null)).toEqual([]);
    expect(checkReference(ruleless, voided('missing'), null, null)[0]!.check).toBe('void');
  });
});
