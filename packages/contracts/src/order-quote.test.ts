import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bpToPct, formatPrice, quoteOrder, settleResult, settlementReturn } from './order-quote.ts';

describe('settlement rule', () => {
  it('up wins above the open price, down wins below it, equal is a draw', () => {
    expect(settleResult('up', 100n, 101n)).toBe('win');
    expect(settleResult('up', 100n, 99n)).toBe('loss');
    expect(settleResult('down', 100n, 99n)).toBe('win');
    expect(settleResult('down', 100n, 101n)).toBe('loss');
    expect(settleResult('up', 100n, 100n)).toBe('draw');
    expect(settleResult('down', 100n, 100n)).toBe('draw');
  });

  it('is symmetric: for any prices, up and down never both win', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 12n }), fc.bigInt({ min: 1n, max: 10n ** 12n }), (open, close) => {
        const up = settleResult('up', open, close);
        const down = settleResult('down', open, close);
        if (open === close) expect([up, down]).toEqual(['draw', 'draw']);
        else expect(new Set([up, down])).toEqual(new Set(['win', 'loss']));
      }),
    );
  });
});

describe('payouts', () => {
  it('computes the figures shown before confirmation', () => {
    const q = quoteOrder(10_000n, { payoutBp: 8_500, lossBp: 10_000, feeBp: 50 });
    expect(q).toEqual({
      stake: 10_000n,
      fee: 50n,
      debit: 10_050n,
      winReturn: 18_500n,
      lossReturn: 0n,
      expectedProfit: 8_450n,
      expectedLoss: 10_050n,
    });
    const partial = quoteOrder(10_000n, { payoutBp: 8_000, lossBp: 7_000, feeBp: 0 });
    expect(partial.lossReturn).toBe(3_000n);
    expect(partial.expectedLoss).toBe(7_000n);
  });

  it('never pays out more than stake + payout, never returns a negative amount, and keeps the fee', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (stake, payoutBp, lossBp, feeBp) => {
          const q = quoteOrder(stake, { payoutBp, lossBp, feeBp });
          expect(q.fee * 10_000n >= stake * BigInt(feeBp)).toBe(true);
          expect(q.winReturn).toBe(stake + (stake * BigInt(payoutBp)) / 10_000n);
          expect(q.lossReturn >= 0n && q.lossReturn <= stake).toBe(true);
          expect(settlementReturn(q, 'draw')).toBe(stake);
          expect(settlementReturn(q, 'win') - q.debit).toBe(q.expectedProfit);
          expect(q.debit - settlementReturn(q, 'loss')).toBe(q.expectedLoss);
        },
      ),
    );
  });

  it('formats rates and prices without floats', () => {
    expect(bpToPct(8_500)).toBe('85.00');
    expect(bpToPct(5)).toBe('0.05');
    expect(formatPrice(108_450n, 5)).toBe('1.08450');
    expect(formatPrice(9_512_000n, 2)).toBe('95120.00');
    expect(formatPrice(42n, 0)).toBe('42');
  });
});
