import { fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeStore } from '@app/api-client';
import { initI18n } from '@app/i18n/client';
import { ToastProvider } from '@app/ui';
import { NS } from '../../../i18n-namespace.ts';
import type { PaymentMethod } from '@app/contracts';
import { BankCardForm } from '../components/bank-card-form.tsx';

let i18n: i18n;
beforeAll(async () => {
  i18n = await initI18n({ lang: 'en', namespaces: [NS] });
});
afterEach(() => vi.unstubAllGlobals());

const INVALID = 'Please enter a valid card number';

async function renderForm(editing?: PaymentMethod, holdHours?: number) {
  render(
    <Provider store={makeStore({ session: { token: 't', endedBecause: null } })}>
      <I18nextProvider i18n={i18n}>
        <ToastProvider>
          <Suspense fallback={null}>
            <BankCardForm onDone={() => {}} editing={editing} holdHours={holdHours} />
          </Suspense>
        </ToastProvider>
      </I18nextProvider>
    </Provider>,
  );
  const card = await screen.findByLabelText('Card number');
  fireEvent.change(screen.getByLabelText('Bank name'), { target: { value: 'Bank' } });
  fireEvent.change(screen.getByLabelText('Branch or area'), { target: { value: 'Main' } });
  fireEvent.change(screen.getByLabelText('Card holder'), { target: { value: 'Holder' } });
  return card;
}

describe('the bank card form', () => {
  it('takes an error away as the field is corrected, so leaving the field moves nothing', async () => {
    const card = await renderForm();
    fireEvent.change(card, { target: { value: '1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Bind card' }));
    expect(await screen.findByText(INVALID)).toBeTruthy();

    fireEvent.focus(card);
    fireEvent.change(card, { target: { value: '6222020200112233' } });
    // Gone while the finger is still in the field: the blur of the tap on "Bind card" changes no layout.
    expect(screen.queryByText(INVALID)).toBeNull();
    fireEvent.blur(card);
    expect(screen.queryByText(INVALID)).toBeNull();
  });

  it('shows an error on blur, and a blur never takes a shown error away', async () => {
    const card = await renderForm();
    fireEvent.change(card, { target: { value: '12' } });
    fireEvent.blur(card);
    expect(await screen.findByText(INVALID)).toBeTruthy();
    fireEvent.focus(card);
    fireEvent.blur(card);
    expect(screen.getByText(INVALID)).toBeTruthy();
  });

  it("keeps the server's refusal of the card under it until the number is changed", async () => {
    const fetch = vi.fn(async () =>
      Response.json({
        code: 400,
        key: 'card_bound',
        msg: 'This card is already bound',
        data: { field: 'card_number' },
      }),
    );
    vi.stubGlobal('fetch', fetch);
    const card = await renderForm();
    fireEvent.change(card, { target: { value: '6222020200112233' } });
    fireEvent.click(screen.getByRole('button', { name: 'Bind card' }));
    expect(await screen.findByText('This card is already bound')).toBeTruthy();
    // One submission (the other call is the withdrawal rules the hold note reads).
    expect(
      fetch.mock.calls.filter((call) => (call as unknown[] as [unknown, RequestInit?])[1]?.method === 'POST'),
    ).toHaveLength(1);
    fireEvent.focus(card);
    fireEvent.blur(card);
    expect(screen.getByText('This card is already bound')).toBeTruthy();
    fireEvent.change(card, { target: { value: '6222020200112234' } });
    expect(screen.queryByText('This card is already bound')).toBeNull();
  });

  it('makes the one change customer service allowed of a locked card, naming it, with its id', async () => {
    const bodies: unknown[] = [];
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        // The form reads the user summary (is a second factor on?); what it sends is the POST.
        if (init?.method === 'POST') {
          urls.push(new URL(String(input), 'http://app.test').pathname);
          bodies.push(init?.body);
        }
        return Response.json({ code: 200, key: 'operation_succeeded', msg: 'Done', data: null });
      }),
    );
    const card = await renderForm({
      id: 31,
      kind: 'bank',
      title: 'ICBC',
      masked: '622********202',
      holder: 'Li Lei',
      branch: 'Pudong',
      currency: null,
      network: null,
      created_at: 1,
      hold_until: null,
      locked: false,
      in_use: false,
    });
    expect(screen.getByTestId('edit-note').textContent).toContain('one change of ICBC 622********202');
    fireEvent.change(card, { target: { value: '6222030303030303' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the change' }));
    await vi.waitFor(() => expect(urls).toEqual(['/api/user/edit_card']));
    const sent = new URLSearchParams(String(bodies[0]));
    expect(sent.get('id')).toBe('31');
    expect(sent.get('card_number')).toBe('6222030303030303');
  });

  it('says before the card is bound how long it waits before it can receive a withdrawal', async () => {
    await renderForm(undefined, 24);
    expect(screen.getByTestId('hold-ahead').textContent).toBe(
      'For your security, a new card, address or account can receive withdrawals 24 hours after it is saved.',
    );
  });
});
