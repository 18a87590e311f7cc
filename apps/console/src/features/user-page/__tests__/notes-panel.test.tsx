import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminUserNotes } from '@app/contracts';
import { mockServer, renderWithStore } from '../../../test-support/render.tsx';
import { NotesPanel } from '../components/notes-panel.tsx';

afterEach(() => vi.unstubAllGlobals());

function serve(initial: AdminUserNotes) {
  let state = initial;
  const { calls } = mockServer({
    'GET /admin/users/4/notes': () => ({ data: state }),
    'POST /admin/users/4/notes': (call) => {
      state = {
        ...state,
        notes: [
          { id: 2, operator: 'fay', body: (call.body as { body: string }).body, created_at: 1_700_000_100 },
          ...state.notes,
        ],
      };
      return { data: { id: 2 } };
    },
    'POST /admin/users/4/tags': (call) => {
      state = {
        ...state,
        tags: [...state.tags, { tag: (call.body as { tag: string }).tag, added_by: 'fay', added_at: 1_700_000_200 }],
      };
      return { data: null };
    },
    'POST /admin/users/4/notes/1/remove': () => {
      state = { ...state, notes: state.notes.filter((n) => n.id !== 1) };
      return { data: null };
    },
  });
  return calls;
}

const posts = (calls: ReturnType<typeof serve>) => calls.filter((c) => c.method === 'POST');

describe('notes and tags on the user page', () => {
  it('adds a note, says the user can read it, and removes one with a reason', async () => {
    const user = userEvent.setup();
    const calls = serve({
      tags: [],
      notes: [{ id: 1, operator: 'sam', body: 'Called twice', created_at: 1_700_000_000 }],
    });
    renderWithStore(<NotesPanel userId={4} />);
    const panel = await screen.findByRole('region', { name: 'Notes and tags' });
    expect(within(panel).getByText(/can read them in their data export/)).toBeTruthy();
    expect(await within(panel).findByText('Called twice')).toBeTruthy();

    // Too short: said under the field, nothing sent.
    await user.type(within(panel).getByLabelText('New note'), 'ok');
    await user.click(within(panel).getByRole('button', { name: 'Add note' }));
    expect(within(panel).getByText('Write at least 3 characters.')).toBeTruthy();
    expect(posts(calls)).toEqual([]);

    await user.type(within(panel).getByLabelText('New note'), ' — paid by a relative');
    await user.click(within(panel).getByRole('button', { name: 'Add note' }));
    expect(await within(panel).findByText('ok — paid by a relative')).toBeTruthy();
    expect(posts(calls)[0]!.body).toEqual({ body: 'ok — paid by a relative' });

    const called = within(panel).getByText('Called twice').closest('li')!;
    await user.click(within(called as HTMLElement).getByRole('button', { name: 'Remove' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove this note?' });
    await user.type(within(dialog).getByLabelText('Reason (kept in the audit log)'), 'written on the wrong user');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await vi.waitFor(() => expect(within(panel).queryByText('Called twice')).toBeNull());
    expect(posts(calls)[1]).toMatchObject({
      path: '/admin/users/4/notes/1/remove',
      body: { reason: 'written on the wrong user' },
    });
  });

  it('checks a tag before asking for the reason, then tags the user', async () => {
    const user = userEvent.setup();
    const calls = serve({ tags: [], notes: [] });
    renderWithStore(<NotesPanel userId={4} />);
    const panel = await screen.findByRole('region', { name: 'Notes and tags' });
    expect(await within(panel).findByText('No tag.')).toBeTruthy();
    await user.type(within(panel).getByLabelText('New tag'), 'two words');
    await user.click(within(panel).getByRole('button', { name: 'Add tag' }));
    expect(within(panel).getByText(/lower-case letters, digits and dashes/)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.clear(within(panel).getByLabelText('New tag'));
    await user.type(within(panel).getByLabelText('New tag'), 'VIP');
    await user.click(within(panel).getByRole('button', { name: 'Add tag' }));
    const dialog = screen.getByRole('dialog', { name: 'Tag the user "vip"?' });
    await user.type(within(dialog).getByLabelText('Reason (kept in the audit log)'), 'large deposits');
    await user.click(within(dialog).getByRole('button', { name: 'Add tag' }));
    expect(await within(panel).findByRole('button', { name: 'Remove tag vip' })).toBeTruthy();
    expect(posts(calls)[0]).toMatchObject({
      path: '/admin/users/4/tags',
      body: { tag: 'vip', reason: 'large deposits' },
    });
  });
});
