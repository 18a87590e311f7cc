import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SearchAnswer } from '@app/contracts';
import { mockServer, renderWithStore, type Answer, type Call } from '../../../test-support/render.tsx';
import { SearchBox } from '../components/search-box.tsx';
import { isSearchShortcut, moveActive, searchGroups } from '../lib/search-options.ts';

afterEach(() => vi.unstubAllGlobals());

const answer: SearchAnswer = {
  users: {
    items: [
      {
        id: 42,
        account: 'lilei88',
        phone_masked: '138*****001',
        real_name_state: 'verified',
        locked: false,
        frozen: true,
        closed: false,
        matches: [{ field: 'phone', value: '138*****001', exact: true, removed: false }],
      },
      {
        id: 7,
        account: 'hanmeimei',
        phone_masked: '139*****777',
        real_name_state: 'none',
        locked: false,
        frozen: false,
        closed: false,
        matches: [{ field: 'payout_method', value: 'ICBC 621********001', exact: false, removed: true }],
      },
    ],
    more: false,
  },
  deposits: {
    items: [
      {
        id: 9,
        reference_code: 'R7QX2K3M',
        user_id: 42,
        account: 'lilei88',
        amount: '150.00',
        status: 3,
        created_at: 1_700_000_000,
        matched: 'reference',
        exact: false,
      },
    ],
    more: true,
  },
  withdrawals: { items: [], more: false },
};
const none: SearchAnswer = { users: { items: [], more: false }, deposits: null, withdrawals: null };

/** Where the console went: the route the box navigated to. */
function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function renderBox(routes: Record<string, Answer | ((call: Call) => Answer)>, lang: 'en' | 'zh' = 'en') {
  const server = mockServer(routes);
  const view = renderWithStore(
    <MemoryRouter initialEntries={['/approvals']}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              <SearchBox />
              <input aria-label="A reason elsewhere" />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
    { lang },
  );
  return { ...server, ...view };
}

const searches = (calls: Call[]) => calls.filter((c) => c.path.startsWith('/admin/search'));

describe('search everything, the box', () => {
  it('asks once typing pauses, lists the results by kind (masked as answered), and Enter opens the one picked', async () => {
    const user = userEvent.setup();
    const { calls } = renderBox({ 'GET /admin/search': { data: answer } });
    const box = screen.getByRole('combobox', { name: 'Search everything' });
    await user.click(box);
    // Before anything is typed: what it finds, and the shortcut.
    expect(screen.getByTestId('search-popup').textContent).toContain('Find a user by ID, account, phone');
    await user.type(box, '138 0013');

    const list = await screen.findByRole('listbox', { name: 'Search results' });
    // One request for the whole word, typed fast: the pause, not each key, sends it (trimmed, as typed).
    expect(searches(calls).map((c) => c.path)).toEqual(['/admin/search?q=138+0013']);
    // Grouped by kind, in that order; a kind with nothing found has no group.
    expect(
      within(list)
        .getAllByRole('group')
        .map((g) => g.getAttribute('aria-labelledby')),
    ).toEqual([
      within(list).getByRole('group', { name: 'Users' }).getAttribute('aria-labelledby'),
      within(list).getByRole('group', { name: 'Deposits' }).getAttribute('aria-labelledby'),
    ]);
    expect(within(list).queryByRole('group', { name: 'Withdrawals' })).toBeNull();
    const options = within(list).getAllByRole('option');
    expect(options).toHaveLength(3);
    expect(options[0]!.textContent).toContain('lilei88 #42');
    expect(options[0]!.textContent).toContain('Phone: 138*****001');
    expect(options[0]!.textContent).toContain('Frozen');
    expect(options[1]!.textContent).toContain('Payout method: ICBC 621********001 (removed)');
    expect(options[2]!.textContent).toContain('R7QX2K3M #9');
    expect(options[2]!.textContent).toContain('150.00 U · Under review');
    expect(screen.getByText('More match than are shown: type more of it.')).toBeTruthy();
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(box.getAttribute('aria-controls')).toBe(list.id);

    // The first result is the one Enter would open; the arrows move through all of them, wrapping.
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    expect(options[0]!.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBe(options[2]!.id);
    await user.keyboard('{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    await user.keyboard('{ArrowUp}');
    expect(box.getAttribute('aria-activedescendant')).toBe(options[2]!.id);
    await user.keyboard('{Enter}');
    // The deposit, opened in its queue; the results close.
    expect(screen.getByTestId('where').textContent).toContain('/deposits?id=9');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('opens a user on the part of their page the key belongs to, with the mouse too', async () => {
    const user = userEvent.setup();
    renderBox({ 'GET /admin/search': { data: answer } });
    await user.type(screen.getByRole('combobox'), '621');
    await user.click(await screen.findByRole('option', { name: /hanmeimei/ }));
    expect(screen.getByTestId('where').textContent).toContain('/users/7?part=methods');
  });

  it('says it is searching, then that nothing matches', async () => {
    const user = userEvent.setup();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const server = mockServer({ 'GET /admin/search': { data: none } });
    const fetchMock = server.fetchMock;
    const answered = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (...args: Parameters<typeof fetch>) => {
      await held;
      return answered(...args);
    });
    renderWithStore(
      <MemoryRouter>
        <SearchBox />
      </MemoryRouter>,
    );
    await user.type(screen.getByRole('combobox'), 'nobody');
    expect((await screen.findByRole('status')).textContent).toContain('Searching…');
    act(() => release());
    expect(await screen.findByText('Nothing matches “nobody”.')).toBeTruthy();
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByRole('combobox').getAttribute('aria-expanded')).toBe('false');
  });

  it("shows the server's refusal with a retry", async () => {
    const user = userEvent.setup();
    let refuse = true;
    const { calls } = renderBox({
      'GET /admin/search': () =>
        refuse ? { code: 400, key: 'invalid_request', msg: 'Some of the information is not valid' } : { data: answer },
    });
    await user.type(screen.getByRole('combobox'), 'lilei');
    expect((await screen.findByRole('alert')).textContent).toContain('Some of the information is not valid');
    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByRole('option')).toHaveLength(3);
    expect(searches(calls)).toHaveLength(2);
  });

  it('comes to "/" from anywhere but a field, and Escape closes it, then clears it', async () => {
    const user = userEvent.setup();
    renderBox({ 'GET /admin/search': { data: answer } });
    const box = screen.getByRole('combobox');
    expect(box.getAttribute('aria-keyshortcuts')).toBe('/');

    // Typed into another field, "/" is a character.
    await user.click(screen.getByRole('textbox', { name: 'A reason elsewhere' }));
    await user.keyboard('a/b');
    expect((screen.getByRole('textbox', { name: 'A reason elsewhere' }) as HTMLInputElement).value).toBe('a/b');
    expect(document.activeElement).not.toBe(box);

    // Anywhere else it focuses the box (and is not typed into it).
    act(() => (document.activeElement as HTMLElement).blur());
    await user.keyboard('/');
    expect(document.activeElement).toBe(box);
    expect((box as HTMLInputElement).value).toBe('');

    await user.type(box, 'lilei');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect((box as HTMLInputElement).value).toBe('lilei');
    await user.keyboard('{Escape}');
    expect((box as HTMLInputElement).value).toBe('');
  });

  it('speaks Chinese', async () => {
    const user = userEvent.setup();
    renderBox({ 'GET /admin/search': (call) => ({ data: call.path.includes('138') ? answer : none }) }, 'zh');
    const box = screen.getByRole('combobox', { name: '全局搜索' });
    await user.type(box, '138');
    const list = await screen.findByRole('listbox', { name: '搜索结果' });
    expect(within(list).getByRole('group', { name: '用户' })).toBeTruthy();
    expect(within(list).getByRole('group', { name: '充值' })).toBeTruthy();
    expect(within(list).getAllByRole('option')[0]!.textContent).toContain('手机号: 138*****001');
    await user.clear(box);
    await user.type(box, '无人');
    expect(await screen.findByText('没有与“无人”匹配的结果。')).toBeTruthy();
  });
});

describe('search everything, its list', () => {
  it('groups the answer by kind, each option with the page it opens', () => {
    const groups = searchGroups({
      ...answer,
      withdrawals: {
        items: [
          {
            id: 5,
            user_id: 42,
            account: 'lilei88',
            amount: '10.00',
            status: 3,
            destination: 'ICBC 621***001',
            created_at: 1,
          },
        ],
        more: false,
      },
    });
    expect(groups.map((g) => [g.kind, g.options.map((o) => o.to)])).toEqual([
      ['user', ['/users/42', '/users/7?part=methods']],
      ['deposit', ['/deposits?id=9']],
      ['withdrawal', ['/withdrawals?id=5']],
    ]);
    // A role without money.review gets no deposits or withdrawals: no such groups.
    expect(searchGroups({ ...answer, deposits: null, withdrawals: null }).map((g) => g.kind)).toEqual(['user']);
    expect(searchGroups(none)).toEqual([]);
  });

  it('moves the active option round, from none to the first or the last', () => {
    expect(moveActive(-1, 1, 3)).toBe(0);
    expect(moveActive(-1, -1, 3)).toBe(2);
    expect(moveActive(2, 1, 3)).toBe(0);
    expect(moveActive(0, -1, 3)).toBe(2);
    expect(moveActive(0, 1, 0)).toBe(-1);
  });

  it('takes "/" as the shortcut only outside fields and without a modifier', () => {
    const input = document.createElement('input');
    const div = document.createElement('div');
    const key = (target: EventTarget, extra: Partial<KeyboardEvent> = {}) =>
      isSearchShortcut({ key: '/', ctrlKey: false, metaKey: false, altKey: false, target, ...extra });
    expect(key(div)).toBe(true);
    expect(key(input)).toBe(false);
    expect(key(div, { ctrlKey: true })).toBe(false);
    expect(isSearchShortcut({ key: 'k', ctrlKey: false, metaKey: false, altKey: false, target: div })).toBe(false);
  });
});
