import { lazy, Suspense, type ReactElement } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { initI18n } from '@app/i18n/client';
import { DefaultPage } from '../default-page.tsx';

async function renderAt(path: string, page: ReactElement) {
  const i18n = await initI18n({ lang: 'en' });
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/" element={<p>home</p>} />
          <Route path="/quotes" element={<p>quotes</p>} />
          <Route path="/page" element={page} />
        </Routes>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

describe('DefaultPage', () => {
  it('keeps its nav bar while something inside the page waits for its code (a slow network)', async () => {
    const Never = lazy(() => new Promise<{ default: () => ReactElement }>(() => {}));
    const i18n = await initI18n({ lang: 'en' });
    render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={['/page']}>
          <Suspense fallback={<p>whole page waiting</p>}>
            <Routes>
              <Route
                path="/page"
                element={
                  <DefaultPage title="Recharge">
                    <Never />
                  </DefaultPage>
                }
              />
            </Routes>
          </Suspense>
        </MemoryRouter>
      </I18nextProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Recharge' })).toBeTruthy();
    expect(screen.queryByText('whole page waiting')).toBeNull();
  });

  it('shows the title in the nav bar, sets the document title, and goes back to backTo when opened directly', async () => {
    await renderAt(
      '/page',
      <DefaultPage title="Security" backTo="/quotes">
        <p>body</p>
      </DefaultPage>,
    );
    expect(screen.getByRole('heading', { name: 'Security' })).toBeTruthy();
    expect(document.title).toBe('Security · Contract Trader');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText('quotes')).toBeTruthy();
  });

  it('has no back button on a tab page', async () => {
    await renderAt(
      '/page',
      <DefaultPage title="Mine" tab>
        <p>body</p>
      </DefaultPage>,
    );
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  });
});
