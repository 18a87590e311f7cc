import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { i18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeStore } from '@app/api-client';
import { initI18n } from '@app/i18n/client';
import { NS } from '../../../i18n-namespace.ts';
import { ModeBar } from '../components/mode-bar.tsx';

let i18n: i18n;
beforeAll(async () => {
  i18n = await initI18n({ lang: 'en', namespaces: [NS] });
});

const renderAt = (path: string) =>
  render(
    <Provider store={makeStore()}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[path]}>
          <Suspense fallback={null}>
            <ModeBar />
          </Suspense>
        </MemoryRouter>
      </I18nextProvider>
    </Provider>,
  );

describe('the mode bar', () => {
  it('links to My trading from a price or order screen', async () => {
    renderAt('/pages/trade/trade');
    expect((await screen.findByTestId('pnl-link')).getAttribute('href')).toBe('#/pages/trade/pnl');
  });

  it('leaves the link out on My trading itself, where it would lead to the same page', async () => {
    renderAt('/pages/trade/pnl');
    await screen.findByTestId('mode-bar');
    expect(screen.queryByTestId('pnl-link')).toBeNull();
  });
});
