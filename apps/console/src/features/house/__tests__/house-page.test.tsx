import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { HouseView } from '@app/contracts';
import { mockServer, renderWithStore } from '../../../test-support/render.tsx';
import { HousePage } from '../components/house-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const view = (over: Partial<HouseView> = {}): HouseView => ({
  day: '2026-11-27',
  time_zone: 'Asia/Shanghai',
  from: 1_795_622_400,
  to: 1_795_708_800,
  products: [
    {
      product_id: 1,
      symbol: 'BTC/USDT',
      name: 'Bitcoin',
      open_orders: 2,
      stake: '30.00',
      recorded_stake: '30.00',
      pays_if_all_win: '25.00',
      takes_if_all_lose: '30.00',
      net_if_up: '11.00',
      net_if_down: '-7.00',
    },
  ],
  open: { open_orders: 2, stake: '30.00', pays_if_all_win: '25.00', worst_case: '-7.00' },
  sources: [
    { source: 'trading', amount: '100.00', kinds: [{ kind: 'order_settle', amount: '100.00' }] },
    { source: 'fees', amount: '1.50', kinds: [{ kind: 'order_open', amount: '1.50' }] },
    { source: 'plans', amount: '-0.40', kinds: [{ kind: 'plan_accrual', amount: '-0.40' }] },
    { source: 'bonuses', amount: '-10.00', kinds: [{ kind: 'deposit_bonus', amount: '-10.00' }] },
    { source: 'exchange', amount: '0.00', kinds: [] },
    { source: 'adjustments', amount: '0.00', kinds: [] },
  ],
  result: '91.10',
  ledger_change: '91.10',
  reconciled: true,
  pending: {
    deposits: { count: 1, amount: '321.09', ledger_amount: '0.00' },
    withdrawals: { count: 2, amount: '500.00', ledger_amount: '500.00' },
  },
  cases: { days: 30, decided: 3, median_seconds: 3 * 3600 + 12 * 60 },
  ...over,
});

describe('the house view', () => {
  it('shows each figure with the ledger reading it agrees with', async () => {
    mockServer({ 'GET /admin/house': { data: view() } });
    renderWithStore(<HousePage />);
    expect((await screen.findByTestId('house-result')).textContent).toBe('91.10 U');
    expect(screen.getAllByTestId('reconciled')).toHaveLength(4);
    expect(screen.queryByTestId('not-reconciled')).toBeNull();
    expect(screen.getByTestId('source-plans').textContent).toContain('plan_accrual');
    expect(screen.getByTestId('exposure-BTC/USDT').textContent).toContain('-7.00 U');
    expect(screen.getByText('1 waiting for review')).toBeTruthy();
    expect(screen.getByTestId('house-cases-median').textContent).toBe('3 hr 12 min');
    expect(screen.getByText('median over the last 30 days · 3 cases decided')).toBeTruthy();
  });

  it('says when no case was decided in the window', async () => {
    mockServer({ 'GET /admin/house': { data: view({ cases: { days: 30, decided: 0, median_seconds: null } }) } });
    renderWithStore(<HousePage />, { lang: 'zh' });
    expect((await screen.findByTestId('house-cases-median')).textContent).toBe('—');
    expect(screen.getByText('近 30 天没有处理过申诉')).toBeTruthy();
  });

  it('says so when a figure and the ledger disagree', async () => {
    mockServer({
      'GET /admin/house': {
        data: view({
          ledger_change: '90.10',
          reconciled: false,
          pending: {
            deposits: { count: 1, amount: '321.09', ledger_amount: '0.00' },
            withdrawals: { count: 2, amount: '500.00', ledger_amount: '400.00' },
          },
        }),
      },
    });
    renderWithStore(<HousePage />, { lang: 'zh' });
    await screen.findByTestId('house-result');
    const differs = screen.getAllByTestId('not-reconciled').map((e) => e.textContent);
    expect(differs).toEqual(['✗账本为 90.10 U', '✗账本为 400.00 U']);
  });
});
