import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminCaseDetail } from '@app/contracts';
import { signedIn } from '../../../lib/session-slice.ts';
import { mockServer, renderWithStore } from '../../../test-support/render.tsx';
import { CasePage } from '../components/case-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const open: AdminCaseDetail = {
  id: 7,
  kind: 'order',
  item_id: 41,
  text: 'The settle price is not what the chart showed.',
  upload_id: 'abc',
  state: 'open',
  outcome: null,
  reason: null,
  amount: null,
  journal_reference: null,
  created_at: 1_700_000_000,
  decided_at: null,
  user_id: 5,
  account: 'lisi',
  decided_by: null,
  correction: null,
  evidence: {
    kind: 'order',
    order: {
      id: 41,
      symbol: 'BTC/USDT',
      direction: 'up',
      mode: 'real',
      stake: '100.00',
      fee: '0.50',
      status: 'settled',
      result: 'loss',
      payout: '0.00',
      open_price: '95120.00',
      settle_price: '95110.00',
    },
    terms: {
      seconds: 30,
      payout_bp: 8000,
      loss_bp: 10000,
      fee_bp: 50,
      open_time: 1_700_000_000,
      settle_time: 1_700_000_030,
    },
    prices: [
      {
        role: 'open',
        second: 1_700_000_000,
        recorded_second: 1_700_000_000,
        price: '95120.00',
        carried: false,
        source: 'binance',
        trade_id: '991',
        reference: null,
      },
      {
        role: 'settle',
        second: 1_700_000_030,
        recorded_second: 1_700_000_029,
        price: '95110.00',
        carried: true,
        source: 'binance',
        trade_id: null,
        reference: { source: 'okx', price: '95111.00', trade_id: '5' },
      },
    ],
    log_index: { placed: 12, settled: 30 },
    journals: [
      {
        id: 3,
        reference: 'order:41:open',
        kind: 'order_open',
        lines: [{ account: 'user:5:USD:available', asset: 'USD', amount: '-100.50' }],
      },
    ],
  },
};

function signIn(store: ReturnType<typeof renderWithStore>['store'], name: string) {
  store.dispatch(
    signedIn({
      operator: {
        id: 3,
        name,
        role: 'finance',
        totp_enrolled: true,
        disabled: false,
        created_by: 'root',
        created_at: 1,
        last_login_at: null,
      },
      permissions: ['money.review', 'money.adjust'],
      csrf_token: 'csrf',
      expires_at: 2_000_000_000,
    }),
  );
}

const show = (name: string) => {
  const rendered = renderWithStore(
    <MemoryRouter initialEntries={['/cases/7']}>
      <Routes>
        <Route path="cases/:id" element={<CasePage />} />
      </Routes>
    </MemoryRouter>,
  );
  signIn(rendered.store, name);
  return rendered;
};

describe('a case page', () => {
  it('shows the user’s text and picture and the evidence, and upholds with a reason', async () => {
    const user = userEvent.setup();
    const { calls } = mockServer({
      'GET /admin/cases/7': { data: open },
      'POST /admin/cases/7/decide': (call) => ({
        data: {
          ...open,
          state: 'decided',
          outcome: 'upheld',
          reason: (call.body as { reason: string }).reason,
          decided_by: 'fay',
        },
      }),
    });
    show('fay');
    expect((await screen.findByTestId('case-text')).textContent).toBe(open.text);
    expect(screen.getByTestId('case-picture').getAttribute('src')).toBe(
      '/admin/cases/7/file?reason=review%20of%20case%20%237',
    );
    const prices = screen.getByTestId('case-prices');
    expect(within(prices).getByText('95110.00')).toBeTruthy();
    expect(within(prices).getByText('okx 95111.00')).toBeTruthy();
    expect(screen.getByText('placed #12 · settled #30')).toBeTruthy();
    expect(within(screen.getByTestId('case-journals')).getByText('order:41:open (order_open)')).toBeTruthy();

    const submit = screen.getByRole('button', { name: 'Uphold the case' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    await user.type(screen.getByLabelText('Reason (the user reads it)'), 'Both seconds match the series');
    await user.click(submit);
    const decided = calls.find((c) => c.method === 'POST');
    expect(decided?.body).toEqual({ outcome: 'upheld', reason: 'Both seconds match the series' });
  });

  it('a correction waits: its proposer cannot approve it, another operator can', async () => {
    const user = userEvent.setup();
    const correcting: AdminCaseDetail = {
      ...open,
      state: 'correcting',
      reason: 'Settled a second late',
      decided_by: 'fay',
      correction: {
        adjustment_id: 88,
        amount: '80.00',
        status: 'pending',
        requested_by: 'fay',
        decided_by: null,
        journal_reference: null,
      },
    };
    const { calls } = mockServer({
      'GET /admin/cases/7': { data: correcting },
      'POST /admin/adjustments/88/approve': { data: {} },
    });
    const mine = show('fay');
    expect((await screen.findByTestId('correction-waiting')).textContent).toContain('80.00 U');
    expect(screen.getByText('You proposed this correction: another operator must approve it.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve the correction' })).toBeNull();
    mine.unmount();

    show('finn');
    await user.click(await screen.findByRole('button', { name: 'Approve the correction' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Reason (kept in the audit log)'), 'checked the series');
    await user.click(within(dialog).getByRole('button', { name: 'Approve the correction' }));
    await vi.waitFor(() => expect(calls.some((c) => c.path === '/admin/adjustments/88/approve')).toBe(true));
    expect(calls.find((c) => c.path === '/admin/adjustments/88/approve')?.body).toEqual({
      reason: 'checked the series',
    });
  });
});
