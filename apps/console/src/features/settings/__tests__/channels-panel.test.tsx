import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminRechargeChannel } from '@app/contracts';
import { signedIn } from '../../../lib/session-slice.ts';
import { mockServer, renderWithStore } from '../../../test-support/render.tsx';
import { ChannelsPanel } from '../components/channels-panel.tsx';

afterEach(() => vi.unstubAllGlobals());

const channel: AdminRechargeChannel = {
  id: 3,
  kind: 'bank',
  name: 'First Bank',
  bank_name: 'First Bank',
  account: '6222 0000 1111',
  holder: 'House Ltd',
  currency: null,
  network: null,
  address: null,
  min: '100.00',
  max: '5000.00',
  bonus_pct: '1.00',
  enabled: true,
  sort: 0,
} as AdminRechargeChannel;

const held = {
  id: 12,
  kind: 'recharge.channel',
  target: 'channel:3',
  permission: 'settings.edit',
  fields: [{ field: 'account', before: '6222 0000 1111', after: '9999 8888 7777' }],
  status: 'pending',
  proposed_by: 'alice',
  proposal_reason: 'the bank moved us',
  decided_by: null,
  decision_reason: null,
  created_at: 1_700_000_000,
  decided_at: null,
};

function open(heldItems: unknown[]) {
  const server = mockServer({
    'GET /admin/recharge-channels': { data: { items: [channel] } },
    'GET /admin/held-changes': { data: { items: heldItems } },
    'POST /admin/recharge-channels/3': { key: 'change_proposed', data: channel },
  });
  const rendered = renderWithStore(<ChannelsPanel />);
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

describe('the recharge channels panel', () => {
  it('a save whose receiving details are held says it waits for a second operator', async () => {
    const user = userEvent.setup();
    const { calls } = open([]);
    const row = await screen.findByTestId('channel-row-3');
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByTestId('channel-dialog');
    const account = within(dialog).getByLabelText('Account');
    await user.clear(account);
    await user.type(account, '9999 8888 7777');
    await user.type(within(dialog).getByLabelText(/Reason/), 'the bank moved us');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await screen.findByTestId('channel-proposed')).textContent).toContain('second operator approves');
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ account: '9999 8888 7777' });
  });

  it("shows another operator's held channel change with each field before and after", async () => {
    open([held]);
    const change = await screen.findByTestId('held-change-12');
    expect(change.textContent).toContain('Account: 6222 0000 1111 → 9999 8888 7777');
    expect(within(change).getByRole('button', { name: 'Approve' })).toBeTruthy();
  });
});
