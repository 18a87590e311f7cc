import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  AdminUserDevices,
  AdminUserFactors,
  AdminUserFreezes,
  AdminLedgerPage,
  AdminPaymentMethods,
  AdminUserBalances,
  AdminUserProfile,
  Permission,
} from '@app/contracts';
import { formatDateTime } from '../../../lib/format.ts';
import { mockServer, renderWithStore, signInOperator, type Answer, type Call } from '../../../test-support/render.tsx';
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
  frozen_at: null,
  closed_at: null,
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

function open(
  permissions: Permission[],
  extra: Record<string, Answer | ((call: Call) => Answer)> = {},
  at = '/users/7',
) {
  const server = mockServer({
    'GET /admin/users/7': { data: profile },
    'GET /admin/users/7/balances': { data: balances },
    'GET /admin/users/7/ledger': { data: ledger },
    'GET /admin/users/7/payment-methods': { data: methods },
    'GET /admin/adjustments': { data: { items: [] } },
    ...extra,
  });
  const rendered = renderWithStore(
    <MemoryRouter initialEntries={[at]}>
      <Routes>
        <Route path="/users/:id" element={<UserPage />} />
      </Routes>
    </MemoryRouter>,
  );
  signInOperator(rendered.store, { name: 'sam', role: 'support', permissions: permissions, id: 5 });
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

  it('opens on the part a link names (search everything found the user by a card), else on the ledger', async () => {
    open(['users.read'], {}, '/users/7?part=methods');
    expect((await screen.findByRole('tab', { name: 'Payment methods' })).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByTestId('part-methods')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Ledger' }).getAttribute('aria-selected')).toBe('false');
  });

  it('says an account its user closed is closed, since when, and offers no act on it', async () => {
    const CLOSED_AT = 1_700_200_000;
    open(['users.read', 'users.act', 'money.adjust'], {
      'GET /admin/users/7': () => ({ data: { ...profile, account: 'closed-7', closed_at: CLOSED_AT } }),
    });
    expect((await screen.findByTestId('user-closed')).textContent).toBe(
      `Closed by the user on ${formatDateTime(CLOSED_AT, 'en')}`,
    );
    expect(screen.getByTestId('user-closed-note').textContent).toMatch(/cannot be reopened/);
    expect(screen.queryByTestId('user-frozen')).toBeNull();
    for (const act of ['Lock', 'Freeze', 'Unfreeze', 'Sign out everywhere'])
      expect(screen.queryByRole('button', { name: act })).toBeNull();
  });

  it('freezes and unfreezes the account with a reason, and shows since when it is frozen next to the locked state', async () => {
    const user = userEvent.setup();
    const FROZEN_AT = 1_700_100_000;
    let frozenAt: number | null = null;
    const { calls } = open(['users.read', 'users.act'], {
      'GET /admin/users/7': () => ({ data: { ...profile, frozen_at: frozenAt } }),
      'POST /admin/users/7/freeze': () => {
        frozenAt = FROZEN_AT;
        return { data: { ...profile, frozen_at: frozenAt } };
      },
      'POST /admin/users/7/unfreeze': () => {
        frozenAt = null;
        return { data: { ...profile, frozen_at: null } };
      },
    });
    expect((await screen.findByTestId('user-frozen')).textContent).toBe('Not frozen');
    expect(screen.getByRole('heading', { name: /linh88/ }).textContent).toContain('Active');

    await user.click(screen.getByRole('button', { name: 'Freeze' }));
    let dialog = await screen.findByTestId('reason-dialog');
    expect(within(dialog).getByText('Freeze linh88?')).toBeTruthy();
    expect(within(dialog).getByText(/payout methods are refused until the account is unfrozen/)).toBeTruthy();
    // The reason is required: too short, nothing is sent.
    await user.type(within(dialog).getByLabelText(/Reason/), 'ab');
    await user.click(within(dialog).getByRole('button', { name: 'Freeze' }));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/Reason/), 'c: called from a new number');
    await user.click(within(dialog).getByRole('button', { name: 'Freeze' }));
    await vi.waitFor(() => expect(screen.queryByTestId('reason-dialog')).toBeNull());
    let post = calls.find((c) => c.method === 'POST')!;
    expect(post.path).toBe('/admin/users/7/freeze');
    expect(post.body).toEqual({ reason: 'abc: called from a new number' });
    expect(post.headers.get('x-csrf-token')).toBe('csrf-sam');
    // The page reads the account again: frozen since then, and the act turns into Unfreeze.
    await vi.waitFor(() =>
      expect(screen.getByTestId('user-frozen').textContent).toBe(`Frozen since ${formatDateTime(FROZEN_AT, 'en')}`),
    );
    await user.click(screen.getByRole('button', { name: 'Unfreeze' }));
    dialog = await screen.findByTestId('reason-dialog');
    expect(within(dialog).getByText('Unfreeze linh88?')).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/Reason/), 'identity checked on a video call');
    await user.click(within(dialog).getByRole('button', { name: 'Unfreeze' }));
    await vi.waitFor(() => expect(screen.getByTestId('user-frozen').textContent).toBe('Not frozen'));
    post = calls.filter((c) => c.method === 'POST')[1]!;
    expect(post.path).toBe('/admin/users/7/unfreeze');
    expect(post.body).toEqual({ reason: 'identity checked on a video call' });
    expect(screen.getByRole('button', { name: 'Freeze' })).toBeTruthy();
  });

  it('keeps the freeze dialog open with the refusal when the server refuses', async () => {
    const user = userEvent.setup();
    open(['users.read', 'users.act'], {
      'POST /admin/users/7/freeze': { code: 403, key: 'forbidden', msg: 'You may not do this.' },
    });
    await user.click(await screen.findByRole('button', { name: 'Freeze' }));
    const dialog = await screen.findByTestId('reason-dialog');
    await user.type(within(dialog).getByLabelText(/Reason/), 'called in');
    await user.click(within(dialog).getByRole('button', { name: 'Freeze' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('You may not do this.');
    expect(screen.getByTestId('user-frozen').textContent).toBe('Not frozen');
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

  it("shows the user's sessions by device, live or how they ended, and the devices known for alerts", async () => {
    const user = userEvent.setup();
    const session = { ip: '10.1.0.1', first_seen_at: 1_700_000_000, last_seen_at: 1_700_000_600 };
    const devices: AdminUserDevices = {
      items: [
        { ...session, id: 41, device: 'Chrome · Android', state: 'live', ended_at: null, ended_by_operator: null },
        {
          ...session,
          id: 40,
          device: 'Safari · iPhone',
          state: 'signed_out',
          ended_at: 1_700_000_900,
          ended_by_operator: 'sam',
        },
        {
          ...session,
          id: 39,
          device: 'Firefox · Windows',
          state: 'idle',
          ended_at: 1_700_604_800,
          ended_by_operator: null,
        },
      ],
      total: 3,
      page: 1,
      known_devices: [
        { device: 'Chrome · Android', last_sign_in_at: 1_700_000_000, sign_ins: 4 },
        { device: 'Safari · iPhone', last_sign_in_at: 1_699_000_000, sign_ins: 1 },
      ],
      known_from_last: 100,
    };
    open(['users.read'], { 'GET /admin/users/7/devices': { data: devices } });
    await user.click(await screen.findByRole('tab', { name: 'Devices' }));
    const part = await screen.findByTestId('part-devices');
    expect(within(part).getByRole('row', { name: /Chrome · Android/ }).textContent).toContain('Live');
    expect(within(part).getByRole('row', { name: /Safari · iPhone/ }).textContent).toContain(
      `Ended ${formatDateTime(1_700_000_900, 'en', 'short')} by sam (sign out everywhere)`,
    );
    expect(within(part).getByRole('row', { name: /Firefox/ }).textContent).toContain('Unused for a week, ended');
    const known = screen.getByTestId('known-devices');
    expect(within(known).getByRole('row', { name: /Chrome · Android/ }).textContent).toContain('4');
    expect(screen.getByText(/latest 100 sign-ins: a sign-in from any other device/)).toBeTruthy();
  });

  it('shows who froze and unfroze the account, when and why, and says when there is nothing or it failed', async () => {
    const user = userEvent.setup();
    const none = { operator: null, reason: null, device: null, ip: null, signed_out: null, already_frozen_since: null };
    const freezes: AdminUserFreezes = {
      items: [
        {
          ...none,
          id: 'audit:5',
          at: 1_700_100_000,
          act: 'unfreeze',
          by: 'operator',
          operator: 'sam',
          reason: 'identity checked on a video call',
        },
        {
          ...none,
          id: 'self:2',
          at: 1_700_000_000,
          act: 'freeze',
          by: 'user',
          device: 'Safari · iPhone',
          ip: '10.2.0.1',
          signed_out: 2,
        },
      ],
      total: 2,
      page: 1,
    };
    open(['users.read'], { 'GET /admin/users/7/freezes': { data: freezes } });
    await user.click(await screen.findByRole('tab', { name: 'Freezes' }));
    const part = await screen.findByTestId('part-freezes');
    const [, unfreeze, freeze] = within(part).getAllByRole('row');
    expect(unfreeze!.textContent).toContain('Unfreeze');
    expect(unfreeze!.textContent).toContain('sam');
    expect(unfreeze!.textContent).toContain('identity checked on a video call');
    expect(freeze!.textContent).toContain('The user, in the app');
    expect(freeze!.textContent).toContain('Safari · iPhone · 10.2.0.1');
    expect(freeze!.textContent).toContain('Signed out 2 other sessions');
  });

  it('says when the user was never frozen, and offers a retry when the freezes cannot be read', async () => {
    const user = userEvent.setup();
    let fail = true;
    open(['users.read'], {
      'GET /admin/users/7/freezes': () =>
        fail
          ? { code: 500, key: 'internal_error', msg: 'Something went wrong.' }
          : { data: { items: [], total: 0, page: 1 } },
    });
    await user.click(await screen.findByRole('tab', { name: 'Freezes' }));
    const panel = screen.getByRole('tabpanel');
    expect((await within(panel).findByRole('alert')).textContent).toContain('Something went wrong.');
    fail = false;
    await user.click(within(panel).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findByText('Never frozen.')).toBeTruthy();
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
    expect(screen.getByTestId('user-frozen').textContent).toBe('未冻结');
    expect(await screen.findByText('此账户尚无资金变动。')).toBeTruthy();
  });
});
