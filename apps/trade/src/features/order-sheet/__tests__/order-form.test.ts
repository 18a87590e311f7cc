import { describe, expect, it } from 'vitest';
import { quoteOrder, type ContractTerms } from '@app/contracts';
import { checkAmount, formatMinor, percentToBp, presetText, quoteTermsOf } from '../lib/order-form.ts';
import { IntentKey, intentSignature, newIdempotencyKey } from '../lib/intent-key.ts';

const terms: ContractTerms = {
  seconds: 30,
  payout_pct: '80.00',
  loss_pct: '100.00',
  fee_pct: '0.50',
  min_amount: '10.00',
  max_amount: '10000.00',
  max_open_amount: '50000.00',
  presets: ['10.00', '50.00', '100.00', '500.00', '1000.00'],
};

describe('order form arithmetic', () => {
  it('reads the percent strings of the terms as basis points', () => {
    expect(percentToBp('85.00')).toBe(8500);
    expect(percentToBp('0.50')).toBe(50);
    expect(quoteTermsOf(terms)).toEqual({ payoutBp: 8000, lossBp: 10000, feeBp: 50 });
  });

  it('quotes 100 U at 80 % payout and 0.5 % fee as the server charges it', () => {
    const { quote, problem } = checkAmount('100', terms, '10000.00');
    expect(problem).toBeNull();
    expect(quote).toEqual(quoteOrder(10000n, { payoutBp: 8000, lossBp: 10000, feeBp: 50 }));
    expect(formatMinor(quote!.fee)).toBe('0.50');
    expect(formatMinor(quote!.debit)).toBe('100.50');
    expect(formatMinor(quote!.expectedProfit)).toBe('79.50');
    expect(formatMinor(quote!.expectedLoss)).toBe('100.50');
    expect(formatMinor(quote!.winReturn)).toBe('180.00');
  });

  it('rounds the fee up and the payout down to the cent, like the server', () => {
    const { quote } = checkAmount('10.01', terms, null);
    // 10.01 x 0.5 % = 0.05005 -> 0.06; 10.01 x 80 % = 8.008 -> 8.00
    expect(formatMinor(quote!.fee)).toBe('0.06');
    expect(formatMinor(quote!.winReturn - quote!.stake)).toBe('8.00');
    expect(formatMinor(quote!.expectedProfit)).toBe('7.94');
  });

  it('refuses an empty or malformed amount before quoting it', () => {
    expect(checkAmount('  ', terms, null).problem).toEqual({ key: 'amountRequired' });
    for (const bad of ['abc', '1.234', '-5', '1e3', '12,5', '0', '0.00', '1234567890']) {
      expect(checkAmount(bad, terms, null).problem, bad).toEqual({ key: 'amountFormat' });
    }
  });

  it('holds the amount within min and max (both inclusive)', () => {
    expect(checkAmount('9.99', terms, null).problem).toEqual({ key: 'amountMin', min: '10.00' });
    expect(checkAmount('10', terms, null).problem).toBeNull();
    expect(checkAmount('10000', terms, null).problem).toBeNull();
    expect(checkAmount('10000.01', terms, null).problem).toEqual({ key: 'amountMax', max: '10000.00' });
  });

  it('needs the balance to cover stake and fee', () => {
    expect(checkAmount('100', terms, '100.50').problem).toBeNull();
    expect(checkAmount('100', terms, '100.49').problem).toEqual({
      key: 'balanceShort',
      needed: '100.50',
      available: '100.49',
    });
    // Balance unknown: the server decides.
    expect(checkAmount('100', terms, null).problem).toBeNull();
  });

  it('fills presets the way a person types them', () => {
    expect(presetText('100.00')).toBe('100');
    expect(presetText('10.50')).toBe('10.5');
    expect(presetText('12.34')).toBe('12.34');
  });
});

describe('the idempotency key of an intent', () => {
  it('is a valid key for the server', () => {
    expect(newIdempotencyKey()).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
  });

  it('stays the same while the terms stay the same, and changes with them or after success', () => {
    let n = 0;
    const intent = new IntentKey(() => `key-${++n}-abcdef`);
    const order = { symbol: 'BTC/USDT', seconds: 30, amount: '100', direction: 'up' };
    const first = intent.for(intentSignature(order));
    expect(intent.for(intentSignature(order))).toBe(first); // a retry after a timeout
    expect(intent.for(intentSignature({ ...order, amount: ' 100 ' }))).toBe(first);
    const other = intent.for(intentSignature({ ...order, direction: 'down' }));
    expect(other).not.toBe(first);
    intent.consumed();
    expect(intent.for(intentSignature({ ...order, direction: 'down' }))).not.toBe(other);
  });
});
