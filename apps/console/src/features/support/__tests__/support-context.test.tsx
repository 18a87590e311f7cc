import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminSupportConversationItem, MyOrder, Permission } from '@app/contracts';
import { mockServer, renderWithStore, signInOperator } from '../../../test-support/render.tsx';
import { replyTemplate } from '../../../test-support/reply-templates.ts';
import { SupportQueue } from '../components/support-queue.tsx';

afterEach(() => vi.unstubAllGlobals());

const conversation: AdminSupportConversationItem = {
  id: 3,
  state: 'open',
  assigned_to: null,
  user_id: 1,
  account: 'lilei88',
  phone: null,
  phone_verified: false,
  matched_user: null,
  awaiting_answer: true,
  last: 'My withdrawal has not arrived',
  last_at: 1_700_000_000,
  created_at: 1_700_000_000,
};

const withdrawal: MyOrder = {
  kind: 'withdrawal',
  id: 41,
  action: 'withdraw',
  title: 'ICBC ****1111',
  amount: '500.00',
  status: 'review',
  pnl: null,
  mode: null,
  created_at: 1_699_990_000,
  target: { type: 'withdrawal', id: 41 },
};

async function openConversation(permissions: Permission[], more: Parameters<typeof mockServer>[0] = {}) {
  const user = userEvent.setup();
  const { calls } = mockServer({
    ...more,
    'GET /admin/support/conversations': { data: { items: [conversation], total: 1, page: 1 } },
    'GET /admin/support/conversations/3': {
      data: {
        conversation,
        messages: [
          { id: 1, from: 'user', topic: null, body: 'My withdrawal has not arrived', created_at: 1, operator: null },
        ],
      },
    },
    'GET /admin/users/1/activity': { data: { items: [withdrawal], total: 1, page: 1 } },
    'GET /admin/users/1/notes': { data: { tags: [{ tag: 'vip', added_by: 'fay', added_at: 1 }], notes: [] } },
  });
  const { store } = renderWithStore(
    <MemoryRouter>
      <SupportQueue />
    </MemoryRouter>,
  );
  signInOperator(store, { name: 'sam', role: 'support', permissions: permissions, id: 3 });
  await user.click(await screen.findByRole('button', { name: 'Open conversation #3' }));
  return { region: screen.getByRole('region', { name: 'Conversation' }), calls, user };
}

describe('a support conversation for its operator', () => {
  it('links to the user, shows their tags and what they did lately', async () => {
    const { region } = await openConversation(['users.read', 'support.reply']);
    expect((await within(region).findByRole('link', { name: "open the user's page" })).getAttribute('href')).toBe(
      '/users/1',
    );
    expect((await within(region).findByTestId('user-tags')).textContent).toBe('vip');
    const activity = await within(region).findByTestId('support-activity');
    expect(activity.textContent).toContain('Withdrawal #41 ICBC ****1111 · 500.00 U · under review');
  });

  it('reads no activity for an operator who may not read users', async () => {
    const { region, calls } = await openConversation(['support.reply']);
    await within(region).findByText('My withdrawal has not arrived', { selector: 'div' });
    expect(within(region).queryByTestId('support-activity')).toBeNull();
    expect(calls.some((c) => c.path.startsWith('/admin/users/'))).toBe(false);
  });

  it('answers with a reply template instead of own words: the server renders it in the user’s language', async () => {
    const hello = replyTemplate({
      id: 5,
      name: 'Hello',
      uses: ['support_reply'],
      texts: { en: 'Hello, we are on it.' },
    });
    const { region, calls, user } = await openConversation(['support.reply'], {
      'GET /admin/reply-templates': { data: { items: [hello] } },
      'POST /admin/support/conversations/3/reply': {
        data: { id: 2, from: 'operator', topic: null, body: 'Hello, we are on it.', created_at: 2, operator: 'sam' },
      },
    });
    const picker = await within(region).findByLabelText(/Reply template/);
    expect(within(region).getByLabelText('Your answer')).toBeTruthy();
    await user.selectOptions(picker, 'Hello');
    // Own words give way to the template, which the panel shows in English.
    expect(within(region).queryByLabelText('Your answer')).toBeNull();
    expect(within(region).getByTestId('template-preview').textContent).toContain(hello.texts.en);
    await user.click(within(region).getByRole('button', { name: 'Send answer' }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ template_id: 5 });
  });
});
