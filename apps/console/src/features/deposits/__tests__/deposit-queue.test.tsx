import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminDeposit } from '@app/contracts';
import { mockServer, renderWithStore, signInOperator } from '../../../test-support/render.tsx';
import { replyTemplate } from '../../../test-support/reply-templates.ts';
import { DepositQueue } from '../components/deposit-queue.tsx';
import { depositOutcome } from '../lib/deposit-outcome.ts';

afterEach(() => vi.unstubAllGlobals());

const deposit = (extra: Partial<AdminDeposit> = {}): AdminDeposit => ({
  id: 7,
  reference_code: 'R7QX2K',
  class: 0,
  status: 3,
  channel_kind: 'bank',
  channel_name: 'Bank transfer',
  amount: '20000.00',
  payer_name: 'Li Lei',
  transfer_note: 'R7QX2K',
  has_screenshot: true,
  upload_id: 'upload_0123456789abcdef',
  reason: null,
  created_at: 1_700_000_000,
  timeline: [],
  user_id: 1,
  account: 'lilei88',
  reviewed_by: null,
  first_approved_by: null,
  flags: { same_image_as: [9], same_transfer_note_as: [] },
  ...extra,
});

const unreadable = replyTemplate();

function signIn(store: ReturnType<typeof renderWithStore>['store']) {
  signInOperator(store, { name: 'fay', role: 'finance', permissions: ['money.review'], id: 2 });
}

describe('the deposits queue', () => {
  it('reads what an approval did from the record answered', () => {
    expect(depositOutcome('approve', { status: 3 })).toBe('waiting_for_second');
    expect(depositOutcome('approve', { status: 1 })).toBe('credited');
    expect(depositOutcome('refuse', { status: 2 })).toBe('refused');
  });

  it('asks for the review list, shows the screenshot and flags, and records a first approval', async () => {
    const user = userEvent.setup();
    let approved = false;
    const { calls } = mockServer({
      'GET /admin/deposits': () => ({
        data: { items: [deposit(approved ? { first_approved_by: 'fay' } : {})] },
      }),
      'POST /admin/deposits/7/approve': () => {
        approved = true;
        return { data: { ...deposit(), status: 3 }, key: 'operation_succeeded' };
      },
    });
    const { store } = renderWithStore(
      <MemoryRouter>
        <DepositQueue />
      </MemoryRouter>,
    );
    signIn(store);
    await user.click(await screen.findByRole('button', { name: 'Open deposit #7' }));
    expect(calls.find((c) => c.path.startsWith('/admin/deposits'))?.path).toBe(
      '/admin/deposits?status=3&page=1&size=50',
    );

    const detail = screen.getByRole('region', { name: 'Deposit detail' });
    // The screenshot's read is audited: the <img> names the deposit as its reason.
    expect(within(detail).getByTestId('deposit-screenshot').getAttribute('src')).toBe(
      '/admin/uploads/upload_0123456789abcdef?reason=review%20of%20deposit%20R7QX2K',
    );
    expect(within(detail).getByText('#9')).toBeTruthy();
    expect(within(detail).getByText('20,000.00 U')).toBeTruthy();
    // The user's history is one click away: their page (deposits, withdrawals, ledger, methods).
    expect(
      within(detail)
        .getByRole('link', { name: /open the user's page/ })
        .getAttribute('href'),
    ).toMatch(/^\/users\/\d+$/);

    await user.click(within(detail).getByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve deposit #7?' });
    const confirm = within(dialog).getByRole('button', { name: 'Approve' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    await user.type(within(dialog).getByLabelText('Reason (kept in the audit log)'), 'matches statement');
    await user.click(confirm);

    expect(await screen.findByText(/Nothing is credited until a different operator approves it too/)).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ reason: 'matches statement' });
    expect(post?.headers.get('x-csrf-token')).toBe('csrf-fay');
    expect(await screen.findByTestId('first-approved-by')).toHaveProperty('textContent', 'fay');
  });

  it('shows the server’s refusal of a second approval by the same operator', async () => {
    const user = userEvent.setup();
    mockServer({
      'GET /admin/deposits': { data: { items: [deposit({ first_approved_by: 'fay' })] } },
      'POST /admin/deposits/7/approve': {
        code: 403,
        key: 'second_operator_required',
        msg: 'A different operator must confirm this',
      },
    });
    const { store } = renderWithStore(
      <MemoryRouter>
        <DepositQueue />
      </MemoryRouter>,
    );
    signIn(store);
    await user.click(await screen.findByRole('button', { name: 'Open deposit #7' }));
    expect(screen.getByText(/You approved this first/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Reason (kept in the audit log)'), 'again');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('A different operator must confirm this');
  });

  it('keeps a credited deposit in view, with its new status and no actions, after it leaves the queue', async () => {
    const user = userEvent.setup();
    let credited = false;
    mockServer({
      'GET /admin/deposits': () => ({
        data: { items: credited ? [] : [deposit({ first_approved_by: 'finn' })] },
      }),
      'POST /admin/deposits/7/approve': () => {
        credited = true;
        return { data: { ...deposit(), status: 1 }, key: 'operation_succeeded' };
      },
    });
    const { store } = renderWithStore(
      <MemoryRouter>
        <DepositQueue />
      </MemoryRouter>,
    );
    signIn(store);
    await user.click(await screen.findByRole('button', { name: 'Open deposit #7' }));
    expect(screen.getByText('finn approved this first: your approval credits it.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Reason (kept in the audit log)'), 'second check');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));

    expect(await screen.findByText('No deposit is waiting for review.')).toBeTruthy();
    const detail = screen.getByRole('region', { name: 'Deposit detail' });
    expect(within(detail).getByRole('status').textContent).toBe('Deposit #7 is approved and credited.');
    expect(within(detail).getByText('Credited')).toBeTruthy();
    expect(within(detail).getByText('20,000.00 U')).toBeTruthy();
    expect(within(detail).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(within(detail).queryByText(/approved this first/)).toBeNull();
  });

  it('shows the empty state and the list error', async () => {
    mockServer({ 'GET /admin/deposits': { data: { items: [] } } });
    const first = renderWithStore(
      <MemoryRouter>
        <DepositQueue />
      </MemoryRouter>,
    );
    signIn(first.store);
    expect(await screen.findByText('No deposit is waiting for review.')).toBeTruthy();
    first.unmount();

    mockServer({
      'GET /admin/deposits': { code: 403, key: 'permission_denied', msg: 'Your role does not allow this' },
    });
    const second = renderWithStore(
      <MemoryRouter>
        <DepositQueue />
      </MemoryRouter>,
    );
    signIn(second.store);
    expect((await screen.findByRole('alert')).textContent).toContain('Your role does not allow this');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('lists the one deposit a link names, opened whatever its state, with the way back to the queue', async () => {
    const { calls } = mockServer({ 'GET /admin/deposits': { data: { items: [deposit({ status: 1 })], total: 1 } } });
    const { store } = renderWithStore(
      <MemoryRouter initialEntries={['/deposits?id=7']}>
        <DepositQueue />
      </MemoryRouter>,
    );
    signIn(store);
    // The region is there before the list loads (with its placeholder): wait for the deposit itself.
    const detail = await screen.findByRole('region', { name: 'Deposit detail' });
    expect(await within(detail).findByRole('heading', { name: /Deposit #7/ })).toBeTruthy();
    // That deposit alone, in any state: no status filter.
    expect(calls.find((c) => c.path.startsWith('/admin/deposits'))?.path).toBe('/admin/deposits?id=7&page=1&size=50');
    expect(screen.getByText('Deposit #7, opened from search.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the queue' }).getAttribute('href')).toBe('/deposits');
  });

  it('offers the reply templates for a refusal, shows the one picked and sends it beside the reason', async () => {
    const user = userEvent.setup();
    const { calls } = mockServer({
      'GET /admin/deposits': { data: { items: [deposit()] } },
      'GET /admin/reply-templates': (call) => ({
        data: { items: call.path.includes('use=deposit_refuse') ? [unreadable] : [] },
      }),
      'POST /admin/deposits/7/refuse': { data: deposit({ status: 2 }), key: 'operation_succeeded' },
    });
    const { store } = renderWithStore(
      <MemoryRouter>
        <DepositQueue />
      </MemoryRouter>,
    );
    signIn(store);
    await user.click(await screen.findByRole('button', { name: 'Open deposit #7' }));
    await user.click(screen.getByRole('button', { name: 'Refuse' }));
    const dialog = screen.getByRole('dialog', { name: /Refuse deposit #7/ });
    const picker = (await within(dialog).findByLabelText(/Reply template/)) as HTMLSelectElement;
    expect([...picker.options].map((o) => o.textContent)).toEqual([
      'None: the user reads my reason',
      'Screenshot unreadable',
    ]);
    await user.selectOptions(picker, 'Screenshot unreadable');
    const preview = within(dialog).getByTestId('template-preview');
    expect(preview.textContent).toContain(unreadable.texts.en);
    expect(preview.textContent).toContain('Written in 2 of 10 languages');
    await user.type(within(dialog).getByLabelText('Reason (kept in the audit log)'), 'blurred photo');
    expect(within(dialog).getByText('Kept in the audit log only: the user reads the template.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'blurred photo', template_id: 4 });
  });
});
