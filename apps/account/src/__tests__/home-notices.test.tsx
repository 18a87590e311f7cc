import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeStore } from '@app/api-client';
import type { ContentSummary } from '@app/contracts';
import { initI18n } from '@app/i18n/client';
import { NS } from '../i18n-namespace.ts';
import HomeNotices from '../exposes/home-notices.tsx';

let i18n: i18n;
beforeAll(async () => {
  i18n = await initI18n({ lang: 'en', namespaces: [NS] });
});
afterEach(() => vi.unstubAllGlobals());

const notice = (id: number, title: string, pinned = false): ContentSummary => ({
  id,
  kind: 'notice',
  title,
  summary: `${title} in short`,
  lang: 'en',
  link: null,
  tone: 'brand',
  activity_type: null,
  published_at: 1,
  starts_at: null,
  ends_at: null,
  pinned,
});

function renderWith(notices: ContentSummary[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      Response.json({ code: 200, key: 'ok', msg: '', data: { banners: [], notices, news: [], activities: [] } }),
    ),
  );
  render(
    <Provider store={makeStore()}>
      <I18nextProvider i18n={i18n}>
        <Suspense fallback={null}>
          <HomeNotices />
        </Suspense>
      </I18nextProvider>
    </Provider>,
  );
}

describe("Home's notices", () => {
  it('shows each notice once: the pinned ones in the marquee, the latest others in the list', async () => {
    renderWith([
      notice(1, 'Withdrawal hours', true),
      notice(2, 'Ten languages'),
      notice(3, 'Stay safe'),
      notice(4, 'Fourth'),
      notice(5, 'Fifth'),
    ]);
    const marquee = await screen.findByRole('marquee');
    expect(marquee.textContent).toBe('Withdrawal hours');
    expect(screen.getAllByText('Withdrawal hours')).toHaveLength(1);
    expect(screen.getAllByRole('listitem').map((li) => li.querySelector('span span')?.textContent)).toEqual([
      'Ten languages',
      'Stay safe',
      'Fourth',
    ]);
  });

  it('has no marquee without a pinned notice', async () => {
    renderWith([notice(2, 'Ten languages')]);
    expect(await screen.findByText('Ten languages')).toBeTruthy();
    expect(screen.queryByRole('marquee')).toBeNull();
  });

  it('says there are none when there are none', async () => {
    renderWith([]);
    expect(await screen.findByText(i18n.t('notices.empty', { ns: NS }))).toBeTruthy();
  });
});
