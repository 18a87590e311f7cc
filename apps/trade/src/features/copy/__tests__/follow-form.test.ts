import { describe, expect, it } from 'vitest';
import type { ContractTerms } from '@app/contracts';
import { copyCost, followProblems, goOrderBody, toggled, type FollowForm } from '../lib/follow-form.ts';

const form = (over: Partial<FollowForm> = {}): FollowForm => ({
  stakeMode: 'fixed',
  amount: '10',
  maxAmount: '100',
  dailyLoss: '50',
  symbols: [],
  periods: [],
  ...over,
});

const terms = (seconds: number, fee_pct: string): ContractTerms => ({
  seconds,
  payout_pct: '80.00',
  loss_pct: '100.00',
  fee_pct,
  min_amount: '10.00',
  max_amount: '10000.00',
  max_open_amount: '50000.00',
  presets: [],
});

describe('followProblems', () => {
  it('accepts a fixed stake under its cap and its daily loss stop', () => {
    expect(followProblems(form())).toEqual({});
  });

  it('says what is wrong with each field', () => {
    expect(followProblems(form({ amount: '', maxAmount: 'abc', dailyLoss: '0' }))).toEqual({
      amount: 'required',
      maxAmount: 'invalid',
      dailyLoss: 'positive',
    });
    expect(followProblems(form({ amount: '1.234' })).amount).toBe('invalid');
    expect(followProblems(form({ amount: '-5' })).amount).toBe('invalid');
  });

  it('refuses a cap or a daily loss stop under the stake (every copy would be skipped)', () => {
    expect(followProblems(form({ amount: '20', maxAmount: '19.99' })).maxAmount).toBe('capBelowStake');
    expect(followProblems(form({ amount: '20', dailyLoss: '19.99' })).dailyLoss).toBe('lossBelowStake');
    expect(followProblems(form({ amount: '20', maxAmount: '20', dailyLoss: '20' }))).toEqual({});
  });
});

describe('copyCost', () => {
  it('is the stake plus the fee charged exactly as the server charges it (rounded up to the cent)', () => {
    expect(copyCost(form({ amount: '10' }), [terms(30, '0.50')])).toEqual({
      stake: '10.00',
      fee: '0.05',
      total: '10.05',
      feePct: '0.50',
    });
    expect(copyCost(form({ amount: '10.01' }), [terms(30, '0.50')])?.fee).toBe('0.06');
  });

  it('states the highest fee among the periods copied', () => {
    const list = [terms(30, '0.50'), terms(60, '1.25')];
    expect(copyCost(form(), list)?.feePct).toBe('1.25');
    expect(copyCost(form({ periods: [30] }), list)?.feePct).toBe('0.50');
  });

  it('has nothing to state until the stake is an amount', () => {
    expect(copyCost(form({ amount: 'x' }), [terms(30, '0.50')])).toBeNull();
    expect(copyCost(form({ amount: '0' }), [terms(30, '0.50')])).toBeNull();
  });
});

describe('goOrderBody', () => {
  it('sends lists comma separated, the amounts as typed (trimmed), and the agreement', () => {
    expect(goOrderBody(7, form({ amount: ' 12.5 ', symbols: ['BTC/USDT', 'ETH/USDT'], periods: [30, 60] }))).toEqual({
      leader_id: 7,
      stake_mode: 'fixed',
      amount: '12.5',
      max_amount: '100',
      daily_loss: '50',
      symbols: 'BTC/USDT,ETH/USDT',
      periods: '30,60',
      agree: '1',
    });
  });

  it('toggles a choice in and out; an empty choice means all', () => {
    expect(toggled([], 'BTC/USDT')).toEqual(['BTC/USDT']);
    expect(toggled(['BTC/USDT', 'ETH/USDT'], 'BTC/USDT')).toEqual(['ETH/USDT']);
  });
});
