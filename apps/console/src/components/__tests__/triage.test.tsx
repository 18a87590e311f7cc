import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminDeposit } from '@app/contracts';
import { DepositQueue } from '../../features/deposits/components/deposit-queue.tsx';
import { mockServer, renderWithStore, signInOperator, type Call } from '../../test-support/render.tsx';
import { keyTargetOf, queueKeyOf } from '../queue-keys.ts';
import { filtersFromQuery, queryFromFilters, toggled, toggledPage } from '../queue-state.ts';

afterEach(() => vi.unstubAllGlobals());

describe('filters in the URL', () => {
  const defaults = { status: '3' };
  it('gives the defaults to a URL that names no filter, else exactly what it names', () => {
    expect(filtersFromQuery(new URLSearchParams(''), defaults)).toEqual({ status: '3' });
    expect(filtersFromQuery(new URLSearchParams('status=1&min=500'), defaults)).toEqual({ status: '1', min: '500' });
    // "Any" status is kept in the URL, empty, so the default does not come back.
    expect(filtersFromQuery(new URLSearchParams('status=&user=lilei'), defaults)).toEqual({ user: 'lilei' });
  });

  it('writes applied filters back so that reading them gives the same filters', () => {
    const cases: Record<string, string>[] = [
      { status: '3' },
      { min: '100', max: '900' },
      {},
      { status: '2', from: '2026-11-01', user: '7' },
    ];
    for (const filters of cases) {
      const query = queryFromFilters(filters, defaults);
      expect(filtersFromQuery(query, defaults)).toEqual(filters);
    }
    expect(queryFromFilters({}, defaults).toString()).toBe('status=');
  });
});

describe('selection', () => {
  it('toggles one row, and all of the page or none', () => {
    expect([...toggled(new Set([1]), 2)]).toEqual([1, 2]);
    expect([...toggled(new Set([1, 2]), 1)]).toEqual([2]);
    expect([...toggledPage(new Set([1]), [1, 2, 3])]).toEqual([1, 2, 3]);
    expect([...toggledPage(new Set([1, 2, 3]), [1, 2, 3])]).toEqual([]);
    expect([...toggledPage(new Set(), [])]).toEqual([]);
  });
});

describe('queue keys', () => {
  it('never fires while typing or with a modifier; Enter and the arrows only on a row', () => {
    expect(queueKeyOf({ key: 'j' }, 'typing')).toBeNull();
    expect(queueKeyOf({ key: 'a' }, 'typing')).toBeNull();
    expect(queueKeyOf({ key: 'j' }, 'other')).toBe('next');
    expect(queueKeyOf({ key: 'k' }, 'row')).toBe('previous');
    expect(queueKeyOf({ key: 'r', ctrlKey: true }, 'row')).toBeNull();
    expect(queueKeyOf({ key: 'a', metaKey: true }, 'row')).toBeNull();
    expect(queueKeyOf({ key: 'Enter' }, 'other')).toBeNull();
    expect(queueKeyOf({ key: 'Enter' }, 'row')).toBe('open');
    expect(queueKeyOf({ key: 'ArrowDown' }, 'other')).toBeNull();
    expect(queueKeyOf({ key: 'ArrowDown' }, 'other', true)).toBe('next');
    expect(queueKeyOf({ key: 'ArrowUp' }, 'row')).toBe('previous');
    expect(queueKeyOf({ key: 'x' }, 'row')).toBe('select');
    expect(queueKeyOf({ key: 'u' }, 'row')).toBe('user');
    expect(queueKeyOf({ key: '?' }, 'other')).toBe('help');
    expect(queueKeyOf({ key: 'q' }, 'row')).toBeNull();
  });

  it('tells a text field from a checkbox and a row', () => {
    const text = document.createElement('input');
    const box = Object.assign(document.createElement('input'), { type: 'checkbox' });
    const row = document.createElement('tr');
    row.setAttribute('data-queue-row', '');
    const cell = document.createElement('td');
    row.appendChild(cell);
    expect(keyTargetOf(text)).toBe('typing');
    expect(keyTargetOf(document.createElement('textarea'))).toBe('typing');
    expect(keyTargetOf(document.createElement('select'))).toBe('typing');
    expect(keyTargetOf(box)).toBe('other');
    expect(keyTargetOf(cell)).toBe('row');
    expect(keyTargetOf(document.createElement('button'))).toBe('other');
  });
});

const deposit = (id: number, extra: Partial<AdminDeposit> = {}): AdminDeposit => ({
  id,
  reference_code: `R${id}QX2K`,
  class: 0,
  status: 3,
  channel_kind: 'bank',
  channel_name: 'Bank transfer',
  amount: '150.00',
  payer_name: 'Li Lei',
  transfer_note: '',
  has_screenshot: false,
  upload_id: null,
  reason: null,
  created_at: 1_700_000_000,
  timeline: [],
  user_id: 100 + id,
  account: `user${id}`,
  reviewed_by: null,
  first_approved_by: null,
  flags: { same_image_as: [], same_transfer_note_as: [] },
  ...extra,
});

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function renderQueue(routes: Parameters<typeof mockServer>[0], at = '/deposits') {
  const server = mockServer({ 'GET /admin/saved-views': { data: { items: [] } }, ...routes });
  const rendered = renderWithStore(
    <MemoryRouter initialEntries={[at]}>
      <DepositQueue />
      <Where />
    </MemoryRouter>,
  );
  signInOperator(rendered.store, { name: 'fay', role: 'finance', permissions: ['money.review', 'users.read'], id: 2 });
  return server;
}

const listCalls = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && c.path.startsWith('/admin/deposits'));

describe('a triaged queue', () => {
  it('reads its filters from the link, and puts applied ones in the URL', async () => {
    const user = userEvent.setup();
    const { calls } = renderQueue(
      { 'GET /admin/deposits': { data: { items: [deposit(7)], total: 1 } } },
      '/deposits?status=&min=500',
    );
    await screen.findByTestId('deposit-row-7');
    expect(listCalls(calls)[0]!.path).toBe('/admin/deposits?min=500&page=1&size=50');
    // The form shows the link's filters.
    expect((screen.getByRole('textbox', { name: 'Min amount (U)' }) as HTMLInputElement).value).toBe('500');

    await user.type(screen.getByRole('textbox', { name: 'Max amount (U)' }), '900');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByTestId('where').textContent).toBe('/deposits?status=&min=500&max=900');
    expect(listCalls(calls).at(-1)!.path).toBe('/admin/deposits?min=500&max=900&page=1&size=50');
  });

  it('selects rows, refuses them in one request with one reason, and shows each outcome, the refused one still selected', async () => {
    const user = userEvent.setup();
    const { calls } = renderQueue({
      'GET /admin/deposits': { data: { items: [deposit(7), deposit(8), deposit(9)], total: 3 } },
      'POST /admin/deposits/bulk/refuse': {
        data: {
          items: [
            { id: 7, outcome: 'done', key: 'operation_succeeded', msg: 'Done' },
            { id: 9, outcome: 'refused', key: 'review_already_decided', msg: 'Already decided by someone else' },
          ],
          done: 1,
          held: 0,
          refused: 1,
        },
      },
    });
    await screen.findByTestId('deposit-row-7');
    expect(screen.getByTestId('selected-count').textContent).toBe('None selected');
    const bar = screen.getByRole('group', { name: 'Selected rows' });
    expect((within(bar).getByRole('button', { name: 'Refuse selected' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(bar).getByRole('button', { name: 'Refuse selected' }).textContent).toBe('Refuse');

    await user.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(screen.getByTestId('selected-count').textContent).toBe('3 selected');
    await user.click(screen.getByRole('checkbox', { name: /Select #8 / }));
    expect(screen.getByTestId('selected-count').textContent).toBe('2 selected');
    expect((screen.getByRole('checkbox', { name: 'Select all on this page' }) as HTMLInputElement).indeterminate).toBe(
      true,
    );

    await user.click(screen.getByRole('button', { name: 'Refuse selected' }));
    const dialog = screen.getByRole('dialog', { name: 'Refuse 2 items' });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['#7 · R7QX2K · user7 · 150.00 U', '#9 · R9QX2K · user9 · 150.00 U']);
    await user.type(within(dialog).getByLabelText('Reason (kept in the audit log)'), 'Transfer not received');
    await user.click(within(dialog).getByRole('button', { name: 'Refuse 2' }));

    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.path).toBe('/admin/deposits/bulk/refuse');
    expect(post.body).toEqual({ ids: '7,9', reason: 'Transfer not received' });
    expect(post.headers.get('x-csrf-token')).toBe('csrf-fay');

    const results = await screen.findByRole('dialog', { name: 'Bulk refusal: outcome of each item' });
    expect(within(results).getByRole('status').textContent).toBe(
      '1 refused · 1 not done (refused by the server) — partly done: the refused ones stay selected',
    );
    expect(within(results).getByTestId('bulk-result-9').textContent).toContain('Already decided by someone else');
    expect(within(results).getByTestId('bulk-result-7').textContent).toContain('Refused');
    await user.click(within(results).getByRole('button', { name: 'Close' }));
    expect(screen.getByTestId('selected-count').textContent).toBe('1 selected');
  });

  it('moves between rows with j and k (focus on the row), selects with x, opens with Enter, and ignores keys while typing', async () => {
    const user = userEvent.setup();
    renderQueue({ 'GET /admin/deposits': { data: { items: [deposit(7), deposit(8)], total: 2 } } });
    await screen.findByTestId('deposit-row-7');

    await user.keyboard('j');
    expect(document.activeElement).toBe(screen.getByTestId('deposit-row-7'));
    await user.keyboard('j');
    expect(document.activeElement).toBe(screen.getByTestId('deposit-row-8'));
    await user.keyboard('k');
    expect(document.activeElement).toBe(screen.getByTestId('deposit-row-7'));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByTestId('deposit-row-8'));

    await user.keyboard('x');
    expect(screen.getByTestId('selected-count').textContent).toBe('1 selected');
    expect((screen.getByRole('checkbox', { name: /Select #8 / }) as HTMLInputElement).checked).toBe(true);

    await user.keyboard('{Enter}');
    expect(screen.getByTestId('deposit-row-8').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('heading', { name: 'Deposit #8' })).toBeTruthy();

    // r asks the reason for the selected rows.
    await user.keyboard('r');
    const dialog = screen.getByRole('dialog', { name: 'Refuse 1 item' });
    // Typing in the dialog is not a key of the queue.
    await user.type(within(dialog).getByLabelText('Reason (kept in the audit log)'), 'jjx');
    expect(screen.getByTestId('selected-count').textContent).toBe('1 selected');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();

    // Nor is typing in a filter.
    await user.type(screen.getByRole('textbox', { name: /Reference/ }), 'jx');
    expect(screen.getByTestId('selected-count').textContent).toBe('1 selected');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /Reference/ }));

    act(() => (document.activeElement as HTMLElement).blur());
    await user.keyboard('?');
    const help = screen.getByRole('dialog', { name: 'Keyboard' });
    expect(within(help).getByText('Refuse the selected rows (or this row): asks for the reason')).toBeTruthy();
  });

  it('opens the row’s user with u', async () => {
    const user = userEvent.setup();
    renderQueue({ 'GET /admin/deposits': { data: { items: [deposit(7)], total: 1 } } });
    await screen.findByTestId('deposit-row-7');
    await user.keyboard('ju');
    expect(screen.getByTestId('where').textContent).toBe('/users/107');
  });
});
