import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HeldChange } from '@app/contracts';
import { signedIn } from '../../lib/session-slice.ts';
import { mockServer, renderWithStore } from '../../test-support/render.tsx';
import { HeldChangesPanel } from '../held-changes-panel.tsx';

afterEach(() => vi.unstubAllGlobals());

const held = (proposedBy: string): HeldChange => ({
  id: 7,
  kind: 'wallet.settings',
  target: 'wallet:settings',
  permission: 'settings.edit',
  fields: [{ field: 'four_eyes_above', before: '10000.00', after: '20000.00' }],
  status: 'pending',
  proposed_by: proposedBy,
  proposal_reason: 'busy day',
  decided_by: null,
  decision_reason: null,
  created_at: 1_700_000_000,
  decided_at: null,
});

function open(proposedBy: string) {
  const server = mockServer({
    'GET /admin/held-changes': { data: { items: [held(proposedBy), { ...held('x'), id: 8, target: 'plan:1' }] } },
    'POST /admin/held-changes/7/approve': { data: { ...held(proposedBy), status: 'applied' } },
    'POST /admin/held-changes/7/refuse': { data: { ...held(proposedBy), status: 'refused' } },
  });
  const rendered = renderWithStore(<HeldChangesPanel targets="wallet:settings" />);
  rendered.store.dispatch(
    signedIn({
      operator: {
        id: 1,
        name: 'root',
        role: 'admin',
        totp_enrolled: true,
        disabled: false,
        created_by: null,
        created_at: 1_700_000_000,
        last_login_at: null,
      },
      permissions: ['settings.edit'],
      csrf_token: 'csrf-root',
      expires_at: 2_000_000_000,
    }),
  );
  return server;
}

describe('changes waiting for a second operator', () => {
  it("shows another operator's proposal with its fields and reason; approving asks for a reason", async () => {
    const user = userEvent.setup();
    const { calls } = open('alice');
    const change = await screen.findByTestId('held-change-7');
    expect(change.textContent).toContain('Waiting for a second operator');
    expect(change.textContent).toContain('10000.00');
    expect(change.textContent).toContain('20000.00');
    expect(change.textContent).toContain('alice');
    expect(change.textContent).toContain('busy day');
    expect(screen.queryByTestId('held-change-8')).toBeNull();
    await user.click(within(change).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByTestId('reason-dialog');
    await user.type(within(dialog).getByLabelText(/Reason/), 'agreed in the meeting');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await vi.waitFor(() => expect(calls.some((c) => c.path === '/admin/held-changes/7/approve')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ reason: 'agreed in the meeting' });
  });

  it('offers the maker only to withdraw their own proposal', async () => {
    const user = userEvent.setup();
    const { calls } = open('root');
    const change = await screen.findByTestId('held-change-7');
    expect(within(change).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(change.textContent).toContain('another operator must approve it');
    await user.click(within(change).getByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByTestId('reason-dialog');
    await user.type(within(dialog).getByLabelText(/Reason/), 'changed my mind');
    await user.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    await vi.waitFor(() => expect(calls.some((c) => c.path === '/admin/held-changes/7/refuse')).toBe(true));
  });
});
