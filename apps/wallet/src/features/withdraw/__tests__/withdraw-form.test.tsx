import { fireEvent, render, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeStore } from '@app/api-client';
import type { CashInfo } from '@app/contracts';
import { userInfoFixture } from '@app/contracts/fixtures';
import { initI18n } from '@app/i18n/client';
import { ToastProvider } from '@app/ui';
import { NS } from '../../../i18n-namespace.ts';
import { WithdrawForm } from '../components/withdraw-form.tsx';

const info = (over: Partial<CashInfo> = {}): CashInfo => ({
  min: '100.00',
  max: '49999.00',
  fee_pct: '1.00',
  fee_min: '1.00',
  window: { from: '09:00', to: '21:00', time_zone: 'Asia/Shanghai', open: true, opens_at: null },
  daily_count: 3,
  used_count: 0,
  remaining_count: 3,
  daily_amount: '100000.00',
  remaining_amount: '100000.00',
  available: '1000.00',
  has_fund_password: true,
  second_factor: false,
  hold_until: null,
  hold_hours: 24,
  destinations: [
    {
      id: 5,
      kind: 'bank',
      title: 'Test Bank',
      masked: '622********333',
      holder: 'H',
      branch: 'B',
      currency: null,
      network: null,
      created_at: 1,
      hold_until: null,
      locked: true,
      in_use: false,
    },
  ],
  ...over,
});

let i18n: i18n;
beforeAll(async () => {
  i18n = await initI18n({ lang: 'en', namespaces: [NS] });
});
afterEach(() => vi.unstubAllGlobals());

function renderForm(value: CashInfo) {
  return render(
    <Provider store={makeStore({ session: { token: 't', endedBecause: null } })}>
      <I18nextProvider i18n={i18n}>
        <ToastProvider>
          <Suspense fallback={null}>
            <WithdrawForm info={value} />
          </Suspense>
        </ToastProvider>
      </I18nextProvider>
    </Provider>,
  );
}

describe('the withdrawal form', () => {
  it('shows the fee and the exact amount received before asking for the fund password', async () => {
    renderForm(info());
    fireEvent.change(await screen.findByLabelText('Amount'), { target: { value: '300' } });
    expect(screen.getByTestId('cash-fee').textContent).toBe('3.00 U');
    expect(screen.getByTestId('cash-received').textContent).toBe('297.00 U');
    expect(screen.queryByLabelText('Fund password')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('297.00 U')).toBeTruthy();
    expect(dialog.getByLabelText('Fund password')).toBeTruthy();
  });

  it('refuses an amount outside the limits inline, and sends nothing', async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) =>
      Response.json({ code: 200, key: 'ok', msg: 'ok', data: userInfoFixture() }),
    );
    vi.stubGlobal('fetch', fetch);
    renderForm(info());
    fireEvent.change(await screen.findByLabelText('Amount'), { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The withdrawal amount must be between 100.00 and 49,999.00 U',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    // Nothing is sent (the form reads the user info, to know whether the account is frozen: that read is all).
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);
  });

  it('says what is wrong with letters or a negative amount, and the error goes once the amount is fixed', async () => {
    renderForm(info());
    const field = await screen.findByLabelText('Amount');
    for (const [typed, said] of [
      ['12abc', 'Enter an amount in numbers'],
      ['-300', 'The amount must be more than 0'],
    ]) {
      fireEvent.change(field, { target: { value: typed } });
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
      expect((await screen.findByRole('alert')).textContent).toBe(said);
    }
    fireEvent.change(field, { target: { value: '300' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks for a bound card first when there is no destination', async () => {
    renderForm(info({ destinations: [] }));
    expect(await screen.findByText('Please bind a withdrawal bank card first')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Bind bank card' }).getAttribute('href')).toBe('#/pages/payment/bindbank');
  });

  describe('what stops a withdrawal is said before anything is filled in (issue #29, defect 5)', () => {
    const future = Math.floor(Date.now() / 1000) + 20 * 3600;
    const moment = (seconds: number) =>
      new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' }).format(
        new Date(seconds * 1000),
      );

    it("a hold disables Continue, with the reason and its end in the reader's format", async () => {
      renderForm(info({ hold_until: future }));
      const next = await screen.findByRole('button', { name: 'Continue' });
      expect(next).toHaveProperty('disabled', true);
      const reason = screen.getByTestId('cash-blocked');
      expect(reason.textContent).toBe(`For your security, withdrawals are on hold until ${moment(future)}`);
      expect(next.getAttribute('aria-describedby')).toBe(reason.id);
    });

    it('a hold on the chosen destination disables Continue too', async () => {
      const base = info();
      renderForm({ ...base, destinations: [{ ...base.destinations[0]!, hold_until: future }] });
      expect(await screen.findByRole('button', { name: 'Continue' })).toHaveProperty('disabled', true);
      expect(screen.getByTestId('cash-blocked').textContent).toContain(moment(future));
    });

    it('with the allow-list on, says so, and names it when it is what holds a new destination', async () => {
      const base = info({
        hold_hours: 0,
        allowlist: { state: 'on', on_since: 1, off_at: null, hold_hours: 24, off_delay_hours: 24 },
      });
      const bound = future - 24 * 3600;
      renderForm({ ...base, destinations: [{ ...base.destinations[0]!, created_at: bound, hold_until: future }] });
      expect(await screen.findByRole('button', { name: 'Continue' })).toHaveProperty('disabled', true);
      expect(screen.getByTestId('cash-allowlist').textContent).toBe(
        'Allow-list mode is on: withdrawals go only to payout methods bound at least 24 hours ago.',
      );
      expect(screen.getByTestId('cash-blocked').textContent).toBe(
        `Allow-list mode is on: this payout method can receive withdrawals from ${moment(future)}.`,
      );
    });

    it('a closed window disables Continue and says when it opens', async () => {
      renderForm(info({ window: { from: '09:00', to: '21:00', time_zone: 'UTC', open: false, opens_at: future } }));
      expect(await screen.findByRole('button', { name: 'Continue' })).toHaveProperty('disabled', true);
      expect(screen.getByTestId('cash-blocked').textContent).toBe(
        `Withdrawals are closed now. They open again at ${moment(future)}.`,
      );
    });

    it("the server's refusal names the same moment in the same format as the page would", async () => {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () =>
          Response.json({
            code: 422,
            key: 'withdraw_on_hold',
            msg: 'For your security, withdrawals are on hold until 2026-11-28 09:00 (Asia/Shanghai)',
            data: { params: { until: '2026-11-28 09:00 (Asia/Shanghai)', until_ts: future } },
          }),
        ),
      );
      renderForm(info());
      fireEvent.change(await screen.findByLabelText('Amount'), { target: { value: '300' } });
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
      const dialog = within(await screen.findByRole('dialog'));
      fireEvent.change(dialog.getByLabelText('Fund password'), { target: { value: 'fund1234' } });
      fireEvent.click(dialog.getByRole('button', { name: 'Withdraw' }));
      expect((await screen.findByTestId('cash-blocked')).textContent).toBe(
        `For your security, withdrawals are on hold until ${moment(future)}`,
      );
      expect(screen.getByRole('button', { name: 'Continue' })).toHaveProperty('disabled', true);
    });
  });

  describe('a frozen account', () => {
    const FROZEN_AT = 1_767_225_600;
    const moment = (seconds: number) =>
      new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' }).format(
        new Date(seconds * 1000),
      );
    /** The server: the user info with `frozen_at`; every POST recorded (and refused as the server would). */
    function frozenServer(frozenAt: number | null | undefined) {
      const fetch = vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'POST')
          return Response.json({ code: 422, key: 'account_frozen', msg: 'Your account is frozen', data: null });
        if (String(url).includes('/api/user/index')) {
          const user: Record<string, unknown> = { ...userInfoFixture(), frozen_at: frozenAt };
          if (frozenAt === undefined) delete user.frozen_at;
          return Response.json({ code: 200, key: 'ok', msg: 'ok', data: user });
        }
        return Response.json({ code: 404, key: 'not_found', msg: '', data: null });
      });
      vi.stubGlobal('fetch', fetch);
      return fetch;
    }

    it('shows since when withdrawals are frozen, with the way to customer service, and Continue cannot be used', async () => {
      const fetch = frozenServer(FROZEN_AT);
      renderForm(info());
      const banner = await screen.findByTestId('cash-frozen');
      expect(banner.textContent).toContain(`Withdrawals have been frozen since ${moment(FROZEN_AT)}`);
      expect(banner.textContent).toContain('Customer service can unfreeze it after checking it is you.');
      expect(within(banner).getByRole('link', { name: 'Contact customer service' }).getAttribute('href')).toBe(
        '#/pages/customer/customer',
      );
      const next = screen.getByRole('button', { name: 'Continue' });
      expect(next).toHaveProperty('disabled', true);
      expect(next.getAttribute('aria-describedby')).toBe(banner.id);
      // Enter in the amount field submits the form: still nothing opens, nothing is sent.
      fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '300' } });
      fireEvent.submit(next.closest('form')!);
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);
    });

    it('shows the banner in place of "bind a card first" when there is no destination', async () => {
      frozenServer(FROZEN_AT);
      renderForm(info({ destinations: [] }));
      expect((await screen.findByTestId('cash-frozen')).textContent).toContain(moment(FROZEN_AT));
      expect(screen.queryByRole('link', { name: 'Bind bank card' })).toBeNull();
    });

    it('no banner when not frozen, nor from an older server that does not send the field', async () => {
      for (const frozenAt of [null, undefined]) {
        const fetch = frozenServer(frozenAt);
        const { unmount } = renderForm(info());
        await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
        fireEvent.change(await screen.findByLabelText('Amount'), { target: { value: '300' } });
        expect(screen.getByRole('button', { name: 'Continue' })).toHaveProperty('disabled', false);
        expect(screen.queryByTestId('cash-frozen')).toBeNull();
        unmount();
      }
    });

    it('a freeze the page did not know of yet (another device) shows up once the server refuses', async () => {
      let frozenAt: number | null = null;
      vi.stubGlobal(
        'fetch',
        vi.fn(async (url: string, init?: RequestInit) => {
          if (init?.method === 'POST') {
            frozenAt = FROZEN_AT;
            return Response.json({ code: 422, key: 'account_frozen', msg: 'Your account is frozen', data: null });
          }
          return Response.json({ code: 200, key: 'ok', msg: 'ok', data: userInfoFixture({ frozen_at: frozenAt }) });
        }),
      );
      renderForm(info());
      fireEvent.change(await screen.findByLabelText('Amount'), { target: { value: '300' } });
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
      const dialog = within(await screen.findByRole('dialog'));
      fireEvent.change(dialog.getByLabelText('Fund password'), { target: { value: 'fund1234' } });
      fireEvent.click(dialog.getByRole('button', { name: 'Withdraw' }));
      expect((await screen.findByTestId('cash-frozen')).textContent).toContain(moment(FROZEN_AT));
      expect(screen.getByRole('button', { name: 'Continue' })).toHaveProperty('disabled', true);
    });
  });

  describe('with an authenticator on (issue #44)', () => {
    it('the confirm sheet asks for its code, sends nothing without it, and sends it with the withdrawal', async () => {
      const fetch = vi.fn(async (_url: string, _init?: RequestInit) =>
        Response.json({
          code: 200,
          key: 'withdrawal_submitted',
          msg: 'Withdrawal submitted',
          data: { id: 9, status: 3, kind: 'bank', destination: 'x', amount: '300.00', fee: '3.00', received: '297.00' },
        }),
      );
      vi.stubGlobal('fetch', fetch);
      renderForm(info({ second_factor: true }));
      fireEvent.change(await screen.findByLabelText('Amount'), { target: { value: '300' } });
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
      const dialog = within(await screen.findByRole('dialog'));
      fireEvent.change(dialog.getByLabelText('Fund password'), { target: { value: 'fund1234' } });
      fireEvent.click(dialog.getByRole('button', { name: 'Withdraw' }));
      expect(
        await dialog.findByText(/enter the code from your authenticator app \(or a recovery code\), to continue/i),
      ).toBeTruthy();
      // Nothing is sent (the step-up field reads which factors the user has: that read is all).
      const posts = () => fetch.mock.calls.filter(([, init]) => init?.method === 'POST');
      expect(posts()).toEqual([]);

      fireEvent.change(dialog.getByLabelText('Authenticator code'), { target: { value: '123456' } });
      fireEvent.click(dialog.getByRole('button', { name: 'Withdraw' }));
      expect(await screen.findByTestId('cash-result')).toBeTruthy();
      expect(posts()).toHaveLength(1);
      const sent = String(posts()[0]![1]!.body);
      expect(sent).toContain('second_factor_code=123456');
      expect(sent).toContain('fund_password=fund1234');
    });

    it("puts the server's refusal of the code under its field, and keeps the sheet open", async () => {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () =>
          Response.json({
            code: 400,
            key: 'second_factor_wrong',
            msg: 'Wrong or already used code. Enter the current code from your authenticator app',
            data: { field: 'second_factor_code' },
          }),
        ),
      );
      renderForm(info({ second_factor: true }));
      fireEvent.change(await screen.findByLabelText('Amount'), { target: { value: '300' } });
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
      const dialog = within(await screen.findByRole('dialog'));
      fireEvent.change(dialog.getByLabelText('Fund password'), { target: { value: 'fund1234' } });
      fireEvent.change(dialog.getByLabelText('Authenticator code'), { target: { value: '111111' } });
      fireEvent.click(dialog.getByRole('button', { name: 'Withdraw' }));
      expect(
        await dialog.findByText('Wrong or already used code. Enter the current code from your authenticator app'),
      ).toBeTruthy();
      expect((dialog.getByLabelText('Authenticator code') as HTMLInputElement).value).toBe('');
    });

    it('does not ask for a code when none is on', async () => {
      renderForm(info());
      fireEvent.change(await screen.findByLabelText('Amount'), { target: { value: '300' } });
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
      const dialog = within(await screen.findByRole('dialog'));
      expect(dialog.queryByLabelText('Authenticator code')).toBeNull();
    });
  });

  it('"All" fills in the most one withdrawal may take: the cash, within the maximum and what is left today', async () => {
    renderForm(info({ available: '1234.56' }));
    fireEvent.click(await screen.findByRole('button', { name: 'All' }));
    expect(screen.getByLabelText<HTMLInputElement>('Amount').value).toBe('1234.56');
    expect(screen.getByTestId('cash-received').textContent).toBe('1,222.21 U');
  });

  it('"All" stops at what is left of the day', async () => {
    renderForm(info({ available: '5000.00', remaining_amount: '800.00' }));
    fireEvent.click(await screen.findByRole('button', { name: 'All' }));
    expect(screen.getByLabelText<HTMLInputElement>('Amount').value).toBe('800.00');
  });
});
