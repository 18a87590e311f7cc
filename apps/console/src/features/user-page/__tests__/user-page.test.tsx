import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  AdminUserFactors,
  AdminLedgerPage,
  AdminPaymentMethods,
  AdminUserBalances,
  AdminUserProfile,
  Permission,
} from '@app/contracts';
import { signedIn } from '../../../lib/session-slice.ts';
import { mockServer, renderWithStore, type Answer } from '../../../test-support/render.tsx';
import { UserPage } from '../components/user-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const profile: AdminUserProfile = {
  id: 7,
  account: 'linh88',
  phone: '13800000007',
  invite_code: 'AB12CD',
  inviter_id: 3,
  inviter_account: 'minh',
  locked: false,
  is_vip: false,
  real_name_state: 'verified',
  created_at: 1_700_000_000,
  lang: 'vi',
  has_fund_password: true,
};
const balances: AdminUserBalances = {
  available: '66.15',
  frozen: '10.00',
  plan: '500.00',
  plan_interest: '1.25',
  yuebao: '240.50',
  yuebao_out: '60.00',
  practice: '10000.00',
  coins: [{ coin: 'BTC', amount: '0.00100000' }],
};
const ledger: AdminLedgerPage = {
  items: [
    {
      id: 12,
      at: 1_700_000_300,
      kind: 'adjustment',
      reference: 'adjustment:4',
      asset: 'USD',
      bucket: 'available',
      amount: '-5.10',
      balance_after: '65.15',
    },
    {
      id: 11,
      at: 1_700_000_200,
      kind: 'adjustment',
      reference: 'adjustment:3',
      asset: 'USD',
      bucket: 'available',
      amount: '70.25',
      balance_after: '70.25',
    },
  ],
  total: 2,
  page: 1,
};
const methods: AdminPaymentMethods = {
  items: [
    {
      id: 31,
      kind: 'bank',
      title: 'ICBC',
      masked: '622********202',
      holder: 'Linh',
      branch: 'Pudong',
      currency: null,
      network: null,
      created_at: 1_700_000_100,
      hold_until: null,
      locked: true,
      in_use: false,
      removed_at: null,
      edit_allowed_until: null,
      edit_allowed_by: null,
    },
  ],
  total: 1,
  page: 1,
};

function open(permissions: Permission[], extra: Record<string, Answer> = {}) {
  const server = mockServer({
    'GET /admin/users/7': { data: profile },
    'GET /admin/users/7/balances': { data: balances },
    'GET /admin/users/7/ledger': { data: ledger },
    'GET /admin/users/7/payment-methods': { data: methods },
    'GET /admin/adjustments': { data: { items: [] } },
    ...extra,
  });
  const rendered = renderWithStore(
    <MemoryRouter initialEntries={['/users/7']}>
      <Routes>
        <Route path="/users/:id" element={<UserPage />} />
      </Routes>
    </MemoryRouter>,
  );
  rendered.store.dispatch(
    signedIn({
      operator: {
        id: 5,
        name: 'sam',
        role: 'support',
        totp_enrolled: true,
        disabled: false,
        created_by: 'root',
        created_at: 1,
        last_login_at: null,
      },
      permissions,
      csrf_token: 'csrf-sam',
      expires_at: 2_000_000_000,
    }),
  );
  return { ...server, ...rendered };
}

describe("one user's page", () => {
  it('shows the account, its language, its balances and the ledger with the balance after each entry', async () => {
    open(['users.read']);
    expect(await screen.findByRole('heading', { name: /linh88/ })).toBeTruthy();
    const facts = screen.getByTestId('user-profile');
    expect(within(facts).getByText('Vietnamese (vi)')).toBeTruthy();
    expect(within(facts).getByRole('link', { name: 'minh (#3)' })).toBeTruthy();
    const money = await screen.findByTestId('user-balances');
    expect(within(money).getByText('66.15 U')).toBeTruthy();
    expect(within(money).getByText('500.00 U')).toBeTruthy();
    // The flexible Yuebao balance and what is on its way out of it, each under its own name.
    expect(within(money).getByText('Flexible Yuebao').nextSibling?.textContent).toBe('240.50 U');
    expect(within(money).getByText('Yuebao out, arriving').nextSibling?.textContent).toBe('60.00 U');
    expect(within(money).getByText('0.00100000 BTC')).toBeTruthy();
    const rows = within(await screen.findByTestId('part-ledger')).getAllByRole('row');
    expect(rows[1]!.textContent).toContain('-5.10 U');
    expect(rows[1]!.textContent).toContain('65.15 U');
    expect(rows[2]!.textContent).toContain('70.25 U');
    // Reading only: no act is offered.
    expect(screen.queryByRole('button', { name: 'Send a message' })).toBeNull();
  });

  it("sends a message in the user's language, with a reason, and refuses an empty one before asking", async () => {
    const user = userEvent.setup();
    const { calls } = open(['users.read', 'users.act'], {
      'POST /admin/users/7/messages': { data: { recipients: 1, reference: 'operator:1' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Send a message' }));
    const dialog = await screen.findByTestId('reason-dialog');
    expect(within(dialog).getByTestId('message-language').textContent).toContain('Write in Vietnamese (vi)');
    await user.type(within(dialog).getByLabelText(/Reason/), 'card question');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Write a title and a message.');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Title, in Vietnamese'), 'Thẻ của bạn');
    await user.type(within(dialog).getByLabelText('Message, in Vietnamese'), 'Bạn có thể sửa thẻ một lần.');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('status')).textContent).toContain("The message is in linh88's inbox.");
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.path).toBe('/admin/users/7/messages');
    expect(post.body).toEqual({
      lang: 'vi',
      title: 'Thẻ của bạn',
      body: 'Bạn có thể sửa thẻ một lần.',
      reason: 'card question',
    });
    expect(post.headers.get('x-csrf-token')).toBe('csrf-sam');
  });

  it('allows one edit of a locked card from the payment methods part', async () => {
    const user = userEvent.setup();
    const { calls } = open(['users.read', 'users.act'], {
      'POST /admin/users/7/payment-methods/31/allow-edit': { data: { ...methods.items[0], locked: false } },
    });
    await user.click(await screen.findByRole('tab', { name: 'Payment methods' }));
    const table = await screen.findByTestId('part-methods');
    expect(within(table).getByText('Locked')).toBeTruthy();
    await user.click(within(table).getByRole('button', { name: 'Allow one edit' }));
    const dialog = await screen.findByTestId('reason-dialog');
    await user.type(within(dialog).getByLabelText(/Reason/), 'bank replaced the card');
    await user.click(within(dialog).getByRole('button', { name: 'Allow one edit' }));
    await vi.waitFor(() => expect(screen.queryByTestId('reason-dialog')).toBeNull());
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.path).toBe('/admin/users/7/payment-methods/31/allow-edit');
    expect(post.body).toEqual({ reason: 'bank replaced the card' });
  });

  it("shows the user's second factors by kind, name and date", async () => {
    const user = userEvent.setup();
    const factors: AdminUserFactors = {
      second_factor_on_at: 1_700_000_000,
      authenticator: { enrolled_at: 1_700_000_000 },
      recovery_codes_left: 9,
      passkeys: [{ id: 3, name: 'Work phone', created_at: 1_700_000_500, last_used_at: null }],
      anti_phishing_code_set: true,
    };
    open(['users.read'], { 'GET /admin/users/7/factors': { data: factors } });
    await user.click(await screen.findByRole('tab', { name: 'Second factors' }));
    const part = await screen.findByTestId('part-factors');
    expect(within(part).getByText('Recovery codes left').nextSibling?.textContent).toBe('9');
    expect(within(part).getByText("Set (the code itself is the user's alone)")).toBeTruthy();
    const row = within(part).getByRole('row', { name: /Work phone/ });
    expect(row.textContent).toContain('Never');
    expect(within(part).getByText(/only through a password reset/)).toBeTruthy();
  });

  it('says a held adjustment waits for a second operator', async () => {
    const user = userEvent.setup();
    const held = {
      id: 9,
      user_id: 7,
      direction: 'credit',
      amount: '20000.00',
      category: 'goodwill',
      reason: 'ticket 5',
      status: 'pending',
      requested_by: 'sam',
      decided_by: null,
      created_at: 1_700_000_400,
      decided_at: null,
    };
    const { calls } = open(['users.read', 'money.adjust'], { 'POST /admin/users/7/adjustments': { data: held } });
    await user.click(await screen.findByRole('button', { name: 'Adjust balance' }));
    const dialog = await screen.findByTestId('reason-dialog');
    await user.type(within(dialog).getByLabelText('Amount (U)'), '20000');
    await user.type(within(dialog).getByLabelText(/Reason/), 'ticket 5');
    await user.click(within(dialog).getByRole('button', { name: 'Adjust' }));
    expect((await screen.findByRole('status')).textContent).toContain(
      'Adjustment #9 of 20,000.00 U is held: nothing moves until a different operator approves it.',
    );
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      direction: 'credit',
      amount: '20000',
      category: 'goodwill',
      reason: 'ticket 5',
    });
  });

  it('reads in Chinese', async () => {
    mockServer({
      'GET /admin/users/7': { data: profile },
      'GET /admin/users/7/balances': { data: balances },
      'GET /admin/users/7/ledger': { data: { items: [], total: 0, page: 1 } },
    });
    renderWithStore(
      <MemoryRouter initialEntries={['/users/7']}>
        <Routes>
          <Route path="/users/:id" element={<UserPage />} />
        </Routes>
      </MemoryRouter>,
      { lang: 'zh' },
    );
    expect(await screen.findByText('越南语 (vi)')).toBeTruthy();
    expect(await screen.findByText('此账户尚无资金变动。')).toBeTruthy();
  });
});
