import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Operator } from '@app/contracts';
import { signedIn } from '../../../lib/session-slice.ts';
import { mockServer, renderWithStore } from '../../../test-support/render.tsx';
import { OperatorsPage } from '../components/operators-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const operator = (id: number, name: string, role: Operator['role']): Operator => ({
  id,
  name,
  role,
  totp_enrolled: true,
  disabled: false,
  created_by: 'root',
  created_at: 1_700_000_000,
  last_login_at: null,
});

const heldInvite = {
  id: 9,
  kind: 'operator.invite',
  target: 'operator-name:eve',
  permission: 'operators.manage',
  fields: [
    { field: 'name', before: null, after: 'eve' },
    { field: 'role', before: null, after: 'admin' },
  ],
  status: 'pending',
  proposed_by: 'alice',
  proposal_reason: 'a second admin for nights',
  decided_by: null,
  decision_reason: null,
  created_at: 1_700_000_000,
  decided_at: null,
};

function open(extra: Parameters<typeof mockServer>[0] = {}) {
  const server = mockServer({
    'GET /admin/held-changes': { data: { items: [] } },
    'GET /admin/operators': { data: { items: [operator(1, 'root', 'admin'), operator(2, 'sam', 'support')] } },
    'GET /admin/operator-sessions': {
      data: {
        items: [
          {
            id: 40,
            operator: 'root',
            ip: '10.0.0.1',
            user_agent: 'Firefox',
            created_at: 1_700_000_000,
            last_seen_at: 1_700_000_100,
            expires_at: 1_700_040_000,
            current: true,
          },
          {
            id: 41,
            operator: 'sam',
            ip: '10.0.0.2',
            user_agent: 'Chrome',
            created_at: 1_700_000_000,
            last_seen_at: 1_700_000_100,
            expires_at: 1_700_040_000,
            current: false,
          },
        ],
      },
    },
    'POST /admin/operators/2/role': { data: operator(2, 'sam', 'finance') },
    'POST /admin/operator-sessions/41/revoke': { data: null },
    ...extra,
  });
  const rendered = renderWithStore(<OperatorsPage />);
  rendered.store.dispatch(
    signedIn({
      operator: operator(1, 'root', 'admin'),
      permissions: ['operators.manage'],
      csrf_token: 'csrf-root',
      expires_at: 2_000_000_000,
    }),
  );
  return server;
}

describe('the operators page', () => {
  it("changes another operator's role with a reason, and refuses the same role before asking", async () => {
    const user = userEvent.setup();
    const { calls } = open();
    const row = await screen.findByTestId('operator-row-sam');
    await user.click(within(row).getByRole('button', { name: 'Change role' }));
    const dialog = await screen.findByTestId('reason-dialog');
    await user.type(within(dialog).getByLabelText(/Reason/), 'desk change');
    await user.click(within(dialog).getByRole('button', { name: 'Change role' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Choose a role other than');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.selectOptions(within(dialog).getByLabelText('New role'), 'finance');
    await user.click(within(dialog).getByRole('button', { name: 'Change role' }));
    await vi.waitFor(() => expect(screen.queryByTestId('reason-dialog')).toBeNull());
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.path).toBe('/admin/operators/2/role');
    expect(post.body).toEqual({ role: 'finance', reason: 'desk change' });
  });

  it("lists the console sessions and ends one with a reason; one's own is marked", async () => {
    const user = userEvent.setup();
    const { calls } = open();
    const table = await screen.findByTestId('operator-sessions');
    const rows = within(table).getAllByRole('row');
    expect(rows[1]!.textContent).toContain('this session');
    await user.click(within(rows[2]!).getByRole('button', { name: 'End session' }));
    const dialog = await screen.findByTestId('reason-dialog');
    expect(dialog.textContent).toContain('That browser is signed out at once.');
    await user.type(within(dialog).getByLabelText(/Reason/), 'left signed in');
    await user.click(within(dialog).getByRole('button', { name: 'End session' }));
    await vi.waitFor(() => expect(calls.some((c) => c.path === '/admin/operator-sessions/41/revoke')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ reason: 'left signed in' });
  });

  it('an admin invitation is held: the maker sees it proposed, no ticket; the approving admin alone gets the ticket', async () => {
    const user = userEvent.setup();
    const { calls } = open({
      'POST /admin/operators': { key: 'change_proposed', data: { held: { ...heldInvite, proposed_by: 'root' } } },
    });
    await user.type(await screen.findByLabelText('Name'), 'eve');
    await user.selectOptions(screen.getByLabelText('Role'), 'admin');
    await user.type(screen.getAllByLabelText(/Reason/)[0]!, 'a second admin for nights');
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    expect((await screen.findByTestId('invite-proposed')).textContent).toContain('waits for a second admin');
    expect(screen.queryByTestId('invitation-ticket')).toBeNull();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      name: 'eve',
      role: 'admin',
      reason: 'a second admin for nights',
    });
  });

  it("another admin's held invitation is approved here, and the ticket is shown to the approver once", async () => {
    const user = userEvent.setup();
    const { calls } = open({
      'GET /admin/held-changes': { data: { items: [heldInvite] } },
      'POST /admin/held-changes/9/approve': {
        data: {
          ...heldInvite,
          status: 'applied',
          decided_by: 'root',
          invitation: { operator_id: 7, ticket: 'ticket-for-eve-0123456789abcdef', expires_at: 1_700_086_400 },
        },
      },
    });
    const held = await screen.findByTestId('held-change-9');
    expect(held.textContent).toContain('Invited name: — → eve');
    expect(held.textContent).toContain('Role: — → Admin');
    await user.click(within(held).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByTestId('reason-dialog');
    await user.type(within(dialog).getByLabelText(/Reason/), 'eve covers nights');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect((await screen.findByTestId('invitation-ticket')).textContent).toContain('ticket-for-eve-0123456789abcdef');
    expect(calls.find((c) => c.path === '/admin/held-changes/9/approve')!.body).toEqual({
      reason: 'eve covers nights',
    });
  });
});
