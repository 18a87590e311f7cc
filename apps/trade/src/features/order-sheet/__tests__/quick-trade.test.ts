import { describe, expect, it } from 'vitest';
import type { ContractTerms } from '@app/contracts';
import { quickQuote, quickTerms, type QuickTrade } from '../lib/quick-trade.ts';

const term: ContractTerms = {
  seconds: 30,
  payout_pct: '80.00',
  loss_pct: '100.00',
  fee_pct: '0.50',
  min_amount: '10.00',
  max_amount: '10000.00',
  max_open_amount: '50000.00',
  presets: ['10', '50'],
};
const saved: QuickTrade = { seconds: 30, amount: '10.00', payout_pct: '80.00', loss_pct: '100.00', fee_pct: '0.50' };

describe('quick trade', () => {
  it('is off until the user turned it on', () => {
    expect(quickTerms(null, [term])).toBeNull();
    expect(quickTerms(saved, [term])).toBe(term);
  });

  it('pauses when the payout, loss or fee differ from what the user read, or the period is gone', () => {
    expect(quickTerms(saved, [{ ...term, payout_pct: '79.00' }])).toBeNull();
    expect(quickTerms(saved, [{ ...term, fee_pct: '1.00' }])).toBeNull();
    expect(quickTerms(saved, [{ ...term, loss_pct: '90.00' }])).toBeNull();
    expect(quickTerms(saved, [{ ...term, seconds: 60 }])).toBeNull();
  });

  it('pauses when the stake is outside the bounds in force', () => {
    expect(quickTerms(saved, [{ ...term, min_amount: '20.00' }])).toBeNull();
    expect(quickTerms({ ...saved, amount: '20000.00' }, [term])).toBeNull();
  });

  it('shows what the server charges: fee rounded up, win and loss after fee', () => {
    expect(quickQuote('10.00', term)).toMatchObject({
      fee: 5n,
      debit: 1005n,
      expectedProfit: 795n,
      expectedLoss: 1005n,
    });
    expect(quickQuote('0', term)).toBeNull();
  });
});
