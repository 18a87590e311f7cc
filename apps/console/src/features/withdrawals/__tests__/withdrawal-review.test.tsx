import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminWithdrawal, AdminWithdrawalDetail, Permission, RiskFlag } from '@app/contracts';
import { mockServer, renderWithStore, signInOperator } from '../../../test-support/render.tsx';
import { WithdrawalQueue } from '../components/withdrawal-queue.tsx';

afterEach(() => vi.unstubAllGlobals());

const withdrawal: AdminWithdrawal = {
  id: 5,
  status: 3,
  kind: 'bank',
  destination: 'ICBC ****1111',
  amount: '500.00',
  fee: '5.00',
  received: '495.00',
  reason: null,
  created_at: 1_700_000_000,
  timeline: [],
  user_id: 1,
  account: 'lilei88',
  first_approved_by: null,
  pay_to: { kind: 'bank', title: 'ICBC', account: '6222030000011111', holder: 'Wang Wu', branch: null },
};

const detail = (extra: Partial<AdminWithdrawalDetail>): AdminWithdrawalDetail => ({
  withdrawal,
  bound_at: 1_690_000_000,
  holds: [],
  locked: false,
  security_changes: [],
  real_name: 'Li Lei',
  since_last_deposit: {
    deposit: { id: 9, amount: '600.00', at: 1_699_000_000 },
    orders: 0,
    staked: '0.00',
    net: '0.00',
  },
  ...extra,
});

async function openWithdrawal(answer: AdminWithdrawalDetail, permissions: Permission[] = ['money.review']) {
  const user = userEvent.setup();
  mockServer({
    'GET /admin/withdrawals': { data: { items: [withdrawal] } },
    'GET /admin/withdrawals/5': { data: answer },
    'GET /admin/users/1/notes': { data: { tags: [{ tag: 'watch', added_by: 'sam', added_at: 1 }], notes: [] } },
  });
  const { store } = renderWithStore(
    <MemoryRouter>
      <WithdrawalQueue />
    </MemoryRouter>,
  );
  signInOperator(store, { name: 'fay', role: 'finance', permissions: permissions, id: 2 });
  await user.click(await screen.findByRole('button', { name: 'Open withdrawal #5' }));
  return screen.getByRole('region', { name: 'Withdrawal detail' });
}

describe('a withdrawal for its reviewer', () => {
  it('weighs it against the last deposit: a deposit taken straight back out, and a holder who is not the verified name', async () => {
    const region = await openWithdrawal(detail({}));
    const since = await within(region).findByTestId('since-deposit');
    expect(
      within(since)
        .getByRole('link', { name: /#9 · 600\.00 U/ })
        .getAttribute('href'),
    ).toBe('/deposits?id=9');
    expect(within(since).getByText(/takes the money straight back out/)).toBeTruthy();
    const name = within(region).getByTestId('real-name');
    expect(name.textContent).toContain('Li Lei');
    expect(within(name).getByText('differs from the holder')).toBeTruthy();
  });

  it('says nothing more when the user traded since and the holder is the verified name', async () => {
    const region = await openWithdrawal(
      detail({
        real_name: 'wang  wu',
        since_last_deposit: { deposit: null, orders: 3, staked: '303.00', net: '-40.00' },
      }),
    );
    const since = await within(region).findByTestId('since-deposit');
    expect(within(since).getByText(/none credited/)).toBeTruthy();
    expect(within(since).getByText('303.00 U')).toBeTruthy();
    expect(within(since).queryByText(/straight back out/)).toBeNull();
    expect(within(region).queryByText('differs from the holder')).toBeNull();
  });

  it('names an unverified user as such', async () => {
    const region = await openWithdrawal(detail({ real_name: null }));
    // The row is there at once ('…'); its answer comes with the detail.
    const name = await within(region).findByTestId('real-name');
    await vi.waitFor(() => expect(name.textContent).toBe('not verified'));
  });

  it("shows the user's tags beside them to a reviewer who may read users", async () => {
    const region = await openWithdrawal(detail({}), ['money.review', 'users.read']);
    expect((await within(region).findByTestId('user-tags')).textContent).toBe('watch');
  });

  it('asks nothing of the notes when the reviewer may not read users', async () => {
    const region = await openWithdrawal(detail({}));
    await within(region).findByTestId('since-deposit');
    expect(within(region).queryByTestId('user-tags')).toBeNull();
  });
});

describe('risk flags in the queue', () => {
  const flag = (id: number, itemId: number, rule: RiskFlag['rule'], details: RiskFlag['details']): RiskFlag => ({
    id,
    user_id: 1,
    item_kind: 'withdrawal',
    item_id: itemId,
    rule,
    details,
    created_at: 1_700_000_000,
  });

  it("marks each flagged row with its rules, asked for once for the page's rows", async () => {
    const { calls } = mockServer({
      'GET /admin/withdrawals': { data: { items: [withdrawal, { ...withdrawal, id: 6 }] } },
      'GET /admin/risk/flags': {
        data: {
          items: [
            flag(1, 5, 'withdrawal_velocity', { count: 3, window_seconds: 86_400 }),
            flag(2, 5, 'holder_name_mismatch', { holder: 'Wang Wu', real_name: 'Li Lei' }),
            flag(3, 5, 'withdraw_without_trading', { orders: 0 }),
          ],
        },
      },
    });
    const { store } = renderWithStore(
      <MemoryRouter>
        <WithdrawalQueue />
      </MemoryRouter>,
    );
    signInOperator(store, { name: 'fay', role: 'finance', permissions: ['money.review', 'users.read'], id: 2 });
    const row = await screen.findByTestId('withdrawal-row-5');
    const badge = await within(row).findByTestId('row-risk-flags');
    expect(badge.textContent).toBe('3 flags');
    // Every reason, in the operator's words, on hover and for a screen reader.
    expect(badge.getAttribute('title')).toContain('3 withdrawals within 1 day');
    expect(badge.getAttribute('title')).toContain('Holder “Wang Wu” is not the verified name “Li Lei”');
    expect(badge.getAttribute('aria-label')).toMatch(/^3 risk flags: /);
    expect(within(screen.getByTestId('withdrawal-row-6')).queryByTestId('row-risk-flags')).toBeNull();
    expect(calls.filter((c) => c.path.startsWith('/admin/risk/flags')).map((c) => c.path)).toEqual([
      '/admin/risk/flags?item_kind=withdrawal&item_ids=5%2C6',
    ]);
  });

  it('asks for no flag when the reviewer may not read users', async () => {
    const { calls } = mockServer({ 'GET /admin/withdrawals': { data: { items: [withdrawal] } } });
    const { store } = renderWithStore(
      <MemoryRouter>
        <WithdrawalQueue />
      </MemoryRouter>,
    );
    signInOperator(store, { name: 'fay', role: 'finance', permissions: ['money.review'], id: 2 });
    await screen.findByTestId('withdrawal-row-5');
    expect(calls.some((c) => c.path.startsWith('/admin/risk/flags'))).toBe(false);
  });
});
