import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { initI18n } from '@app/i18n/client';
import { page, pageRoutes } from '../pages/page-routes.tsx';

function Bind({ titleKey, custom }: { titleKey: string; custom?: boolean }) {
  return <h1>{`${titleKey}${custom ? ' (custom)' : ''}`}</h1>;
}

const load = vi.fn(async () => ({ default: Bind }));
const PAGES = [
  page({ path: '/pages/payment/bindbank', load, props: { titleKey: 'bind', custom: true } }),
  page({ path: '/pages/payment/addBank', load, props: { titleKey: 'add' } }),
  page({ path: '/open-location', component: () => <h1>not yet</h1> }),
];
const Routes = pageRoutes(PAGES, 'common');

async function open(path: string) {
  const i18n = await initI18n({ lang: 'en' });
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[path]}>
        <Routes />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

describe('pageRoutes', () => {
  it('renders the declared page for its path, with its props, matched without case', async () => {
    await open('/pages/payment/addbank');
    expect((await screen.findByRole('heading')).textContent).toBe('add');
  });

  it('gives two pages of one component their own props', async () => {
    await open('/pages/payment/bindbank');
    expect((await screen.findByRole('heading')).textContent).toBe('bind (custom)');
  });

  it('renders a page without a chunk of its own at once', async () => {
    await open('/open-location');
    expect(screen.getByRole('heading').textContent).toBe('not yet');
  });
});
