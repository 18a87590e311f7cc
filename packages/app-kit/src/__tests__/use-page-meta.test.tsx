import type { ReactElement } from 'react';
import { act, render } from '@testing-library/react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage, initI18n } from '@app/i18n/client';
import { usePageMeta } from '../use-page-meta.ts';

const description = () => document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content;

function LoginLike({ withDescription = false }: { withDescription?: boolean }) {
  // A page passes its own, already translated texts (here from `common`, as a remote's namespace would).
  const { t } = useTranslation();
  usePageMeta(t('home.login'), withDescription ? t('home.subtitle') : undefined);
  return <p>{t('home.login')}</p>;
}

function HomeLike() {
  usePageMeta();
  return null;
}

async function setup(ui: ReactElement) {
  const i18n = await initI18n({ lang: 'en' });
  const view = render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>);
  return { i18n, view };
}

beforeEach(() => {
  localStorage.clear();
  document.title = 'Contract Trader';
  document.head.querySelector('meta[name="description"]')?.remove();
});

describe('usePageMeta', () => {
  it('sets "<page> · <app>" and the default description, creating the meta tag when the page has none', async () => {
    await setup(<LoginLike />);
    expect(document.title).toBe('Log in · Contract Trader');
    expect(description()).toBe(
      'Short-term contracts, fixed-plan investment, deposits and withdrawals in one phone app.',
    );
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
  });

  it("uses the page's own description when given one", async () => {
    await setup(<LoginLike withDescription />);
    expect(description()).toBe(
      'Short-term contracts and fixed-term plans, with every fee and term shown before you confirm.',
    );
  });

  it('follows a language change', async () => {
    await setup(<LoginLike />);
    await act(() => changeLanguage('de'));
    expect(document.title).toMatch(/ · Contract Trader$/);
    expect(document.title).not.toBe('Log in · Contract Trader');
    expect(description()).toBe(
      'Kurzfristige Kontrakte, Festgeldanlagen, Ein- und Auszahlungen in einer App für dein Smartphone.',
    );
  });

  it('is the app name alone without a page title, and falls back to it when the page goes away', async () => {
    const { i18n, view } = await setup(<LoginLike />);
    view.rerender(
      <I18nextProvider i18n={i18n}>
        <HomeLike />
      </I18nextProvider>,
    );
    expect(document.title).toBe('Contract Trader');
    view.unmount();
    expect(document.title).toBe('Contract Trader');
    expect(description()).toBe(
      'Short-term contracts, fixed-plan investment, deposits and withdrawals in one phone app.',
    );
  });

  it('leaves the existing description alone where the common texts lack the key (an older shell)', async () => {
    const meta = document.createElement('meta');
    meta.name = 'description';
    meta.content = 'from index.html';
    document.head.append(meta);
    const i18n = await initI18n({ lang: 'en' });
    i18n.removeResourceBundle('en', 'common');
    i18n.addResourceBundle('en', 'common', { app: { name: 'Contract Trader' } });
    render(
      <I18nextProvider i18n={i18n}>
        <HomeLike />
      </I18nextProvider>,
    );
    expect(document.title).toBe('Contract Trader');
    expect(description()).toBe('from index.html');
  });
});
