import { describe, expect, it } from 'vitest';
import type { WalletSettings } from '@app/contracts';
import {
  channelBodyOf,
  channelDraftOf,
  checkChannel,
  checkWallet,
  walletChanges,
  walletDraftOf,
} from '../lib/settings-form.ts';

const saved: WalletSettings = {
  withdraw_min: '100.00',
  withdraw_max: '49999.00',
  withdraw_daily_count: 3,
  withdraw_daily_amount: '100000.00',
  withdraw_fee_pct: '1.00',
  withdraw_fee_min: '1.00',
  withdraw_from: '09:00',
  withdraw_to: '21:00',
  hold_hours: 24,
  four_eyes_above: '10000.00',
  exchange_fee_pct: '0.20',
  quote_seconds: 15,
};

describe('the wallet settings form', () => {
  it('sends only what changed, equal amounts written differently being no change', () => {
    const d = walletDraftOf(saved);
    d.withdraw_min = '100';
    d.four_eyes_above = '5000.5';
    d.hold_hours = '48';
    d.withdraw_to = '22:30';
    expect(checkWallet(d)).toEqual({});
    expect(walletChanges(saved, d)).toEqual({ four_eyes_above: '5000.5', hold_hours: 48, withdraw_to: '22:30' });
  });

  it('names each wrong field', () => {
    const d = walletDraftOf(saved);
    d.withdraw_min = '1.234';
    d.withdraw_fee_pct = '101';
    d.withdraw_from = '25:00';
    d.quote_seconds = '30';
    expect(checkWallet(d)).toEqual({
      withdraw_min: 'settings.errors.money',
      withdraw_fee_pct: 'settings.errors.percent',
      withdraw_from: 'settings.errors.clock',
      quote_seconds: 'settings.errors.range',
    });
    const e = walletDraftOf(saved);
    e.withdraw_min = '50000';
    expect(checkWallet(e)).toEqual({ withdraw_max: 'settings.errors.maxBelowMin' });
  });
});

describe('the channel form', () => {
  it('asks for what the kind needs and sends only those fields', () => {
    const d = channelDraftOf(null);
    d.kind = 'crypto';
    d.name = 'USDT TRC20';
    d.address = '';
    d.min = '10';
    d.max = '5';
    expect(checkChannel(d)).toEqual({ address: 'settings.errors.required', max: 'settings.errors.maxBelowMin' });
    d.address = 'TXYZ';
    d.max = '100000';
    expect(checkChannel(d)).toEqual({});
    const body = channelBodyOf(d, 'new channel');
    expect(body).toMatchObject({ kind: 'crypto', currency: 'USDT', network: 'TRC20', address: 'TXYZ', min: '10' });
    expect('holder' in body).toBe(false);
  });
});
