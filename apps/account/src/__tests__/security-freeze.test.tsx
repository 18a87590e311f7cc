import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UserSession } from '@app/contracts';
import { userInfoFixture } from '@app/contracts/fixtures';
import { initI18n } from '@app/i18n/client';
import SecurityPage from '../routes/security-page.tsx';
import { renderSignedInPage } from './render-account.tsx';

let i18n: i18n;
beforeAll(async () => {
  i18n = await initI18n({ lang: 'en' });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const FROZEN_AT = 1_767_225_600;
const moment = (seconds: number, locale = 'en-US') =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' }).format(
    new Date(seconds * 1000),
  );
const session = (id: number, current: boolean): UserSession => ({
  id,
  current,
  device: current ? 'Chrome on Android' : 'Safari on iPhone',
  ip: '203.0.113.9',
  created_at: 1_767_000_000,
  last_seen_at: 1_767_100_000,
});
const envelope = (data: unknown) => Response.json({ code: 200, key: 'ok', msg: 'ok', data });

/**
 * The server of the Security page: the user info (with `frozen_at`, or without the field as an older server),
 * the sessions and the logins; POST /api/user/freeze freezes and signs the other sessions out.
 */
function fakeServer(initial: { frozenAt: number | null | undefined; others?: number }) {
  let frozenAt = initial.frozenAt;
  let sessions = [session(1, true), ...Array.from({ length: initial.others ?? 2 }, (_, i) => session(i + 2, false))];
  const posts: string[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const path = String(url);
    if (init?.method === 'POST') {
      posts.push(path);
      if (!path.endsWith('/api/user/freeze')) return envelope(null);
      const signedOut = sessions.length - 1;
      frozenAt ??= FROZEN_AT;
      sessions = sessions.filter((s) => s.current);
      return envelope({ frozen_at: frozenAt, signed_out: signedOut });
    }
    if (path.includes('/api/user/index')) {
      const user: Record<string, unknown> = { ...userInfoFixture(), frozen_at: frozenAt };
      if (frozenAt === undefined) delete user.frozen_at;
      return envelope(user);
    }
    if (path.includes('/api/user/sessions')) return envelope({ items: sessions });
    if (path.includes('/api/user/logins')) return envelope({ items: [] });
    return Response.json({ code: 404, key: 'not_found', msg: '', data: null });
  });
  vi.stubGlobal('fetch', fetch);
  return { posts, fetch };
}

const renderSecurity = () => renderSignedInPage(<SecurityPage />, '/pages/user/security', i18n);

describe('freezing the account from Security', () => {
  it('explains it, asks first, freezes, says how many devices were logged out and shows the frozen state', async () => {
    const { posts, fetch } = fakeServer({ frozenAt: null, others: 2 });
    renderSecurity();
    const section = await screen.findByTestId('freeze-section');
    expect(section.id).toBe('freeze');
    const button = await within(section).findByRole('button', { name: 'Freeze my account' });
    expect(section.textContent).toContain('If you think someone else has your password or your phone');
    expect(section.textContent).toContain('Only customer service can unfreeze it.');

    // Cancel sends nothing.
    fireEvent.click(button);
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Freeze your account?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts).toEqual([]);

    fireEvent.click(within(section).getByRole('button', { name: 'Freeze my account' }));
    dialog = await screen.findByRole('dialog');
    // The dialog restates what happens.
    expect(dialog.textContent).toContain('Withdrawals stop at once');
    expect(dialog.textContent).toContain('Every other device is logged out');
    expect(dialog.textContent).toContain('only customer service can unfreeze the account');
    const userReads = () => fetch.mock.calls.filter(([url]) => String(url).includes('/api/user/index')).length;
    const readsBefore = userReads();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Freeze' }));

    expect(await screen.findByText('Your account is frozen. 2 other devices were logged out.')).toBeTruthy();
    expect(posts).toEqual(['/api/user/freeze']);
    // The user info is read again: the section turns into the frozen state.
    const since = await screen.findByTestId('frozen-since');
    expect(since.textContent).toBe(`Frozen since ${moment(FROZEN_AT)}`);
    expect(userReads()).toBeGreaterThan(readsBefore);
    const frozen = screen.getByTestId('freeze-section');
    expect(within(frozen).getByRole('heading', { name: 'Account frozen' })).toBeTruthy();
    expect(frozen.textContent).toContain('Withdrawals and payout-method changes are stopped.');
    expect(within(frozen).queryByRole('button', { name: 'Freeze my account' })).toBeNull();
    expect(within(frozen).getByRole('link', { name: 'Contact customer service' }).getAttribute('href')).toBe(
      '#/pages/customer/customer',
    );
    // The devices list is read again too: only this device is left.
    await waitFor(() => expect(within(screen.getByTestId('sessions')).getAllByRole('listitem')).toHaveLength(1));
  });

  it('says so when no other device was logged in', async () => {
    fakeServer({ frozenAt: null, others: 0 });
    renderSecurity();
    fireEvent.click(await screen.findByRole('button', { name: 'Freeze my account' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Freeze' }));
    expect(await screen.findByText('Your account is frozen. No other device was logged in.')).toBeTruthy();
  });

  it("shows the server's refusal and stays as it was", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'POST')
          return Response.json({ code: 500, key: 'system_error', msg: 'Something went wrong', data: null });
        if (String(url).includes('/api/user/index')) return envelope(userInfoFixture({ frozen_at: null }));
        return envelope({ items: [] });
      }),
    );
    renderSecurity();
    fireEvent.click(await screen.findByRole('button', { name: 'Freeze my account' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Freeze' }));
    expect(await screen.findByText('Something went wrong')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Freeze my account' })).toBeTruthy();
    expect(screen.queryByTestId('frozen-since')).toBeNull();
  });

  it('a frozen account shows since when, what is stopped and the way to customer service, with no freeze button', async () => {
    fakeServer({ frozenAt: FROZEN_AT });
    renderSecurity();
    expect((await screen.findByTestId('frozen-since')).textContent).toBe(`Frozen since ${moment(FROZEN_AT)}`);
    expect(screen.queryByRole('button', { name: 'Freeze my account' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Contact customer service' })).toBeTruthy();
  });

  it('reads in Chinese', async () => {
    await i18n.changeLanguage('zh');
    fakeServer({ frozenAt: FROZEN_AT });
    renderSecurity();
    const since = await screen.findByTestId('frozen-since');
    expect(since.textContent).toMatch(/^自 .+ 起冻结$/);
    expect(screen.getByRole('heading', { name: '账户已冻结' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '联系客服' })).toBeTruthy();
  });

  it('an older server that does not send frozen_at: not frozen', async () => {
    fakeServer({ frozenAt: undefined });
    renderSecurity();
    expect(await screen.findByRole('button', { name: 'Freeze my account' })).toBeTruthy();
    expect(screen.queryByTestId('frozen-since')).toBeNull();
  });
});
