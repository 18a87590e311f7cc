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
import { BankCardForm } from '../components/bank-card-form.tsx';

let i18n: i18n;
beforeAll(async () => {
  i18n = await initI18n({ lang: 'en', namespaces: [NS] });
});
afterEach(() => vi.unstubAllGlobals());

const INVALID = 'Please enter a valid card number';

async function renderForm() {
  render(
    <Provider store={makeStore({ session: { token: 't', endedBecause: null } })}>
      <I18nextProvider i18n={i18n}>
        <ToastProvider>
          <Suspense fallback={null}>
            <BankCardForm onDone={() => {}} />
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
    expect(fetch).toHaveBeenCalledTimes(1);
    fireEvent.focus(card);
    fireEvent.blur(card);
    expect(screen.getByText('This card is already bound')).toBeTruthy();
    fireEvent.change(card, { target: { value: '6222020200112234' } });
    expect(screen.queryByText('This card is already bound')).toBeNull();
  });
});
