import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '@app/api-client';
import type { UserInfo } from '@app/contracts';
import { initI18n } from '@app/i18n/client';
import { SecondFactorField } from '../second-factor-field.tsx';
import { userInfoFixture } from '@app/contracts/fixtures';

afterEach(() => vi.unstubAllGlobals());

const user = (second_factors: UserInfo['second_factors']): UserInfo =>
  userInfoFixture({ has_fund_password: true, second_factor: true, second_factors });

/** The field in a signed-in app whose /api/user/index answers `info`, in a browser that can use passkeys. */
async function renderField(info: UserInfo) {
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ code: 200, msg: 'ok', key: 'ok', data: info })),
  );
  const i18n = await initI18n({ lang: 'en' });
  render(
    <Provider store={makeStore({ session: { token: 't', endedBecause: null } })}>
      <I18nextProvider i18n={i18n}>
        <SecondFactorField value="" onChange={() => {}} />
      </I18nextProvider>
    </Provider>,
  );
}

describe('the step-up field', () => {
  it('offers the passkey alone to a user whose only factors are passkeys (no code to type)', async () => {
    await renderField(user({ authenticator: false, passkeys: 2 }));
    expect(await screen.findByTestId('second-factor-passkey-only')).toBeTruthy();
    expect(screen.getByText('Confirm with one of your passkeys')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Use a passkey' })).toBeTruthy();
    expect(screen.queryByLabelText('Authenticator code')).toBeNull();
  });

  it('asks an authenticator user for the code, with the passkey beside it', async () => {
    await renderField(user({ authenticator: true, passkeys: 1 }));
    expect(await screen.findByLabelText('Authenticator code')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Use a passkey' })).toBeTruthy();
    expect(screen.queryByTestId('second-factor-passkey-only')).toBeNull();
  });
});
