import { readFileSync } from 'node:fs';
import path from 'node:path';
import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { initI18n, LANGUAGES } from '@app/i18n/client';
import { NS } from '../../../i18n-namespace.ts';
import { ChartAttribution } from '../components/chart-attribution.tsx';
import { themedChartOptions } from '../lib/chart-options.ts';
import { testTheme } from './chart-test-theme.ts';

const theme = testTheme;

describe("Lightweight Charts' attribution (Apache-2.0 with TradingView's notice)", () => {
  it('puts no link inside a chart, which assistive technology reads as one image', () => {
    for (const lang of LANGUAGES)
      for (const withSeconds of [true, false])
        expect(themedChartOptions(theme, lang, 2, withSeconds).layout?.attributionLogo).toBe(false);
  });

  it("credits TradingView under every chart: the product page and the leader's P/L curve", () => {
    const read = (file: string) => readFileSync(path.resolve(__dirname, file), 'utf8');
    expect(read('../components/chart-panel.tsx')).toContain('<ChartAttribution />');
    expect(read('../../../routes/leader-page.tsx')).toContain('<ChartAttribution />');
  });

  it('names TradingView under the product chart, with the link, in every language', async () => {
    for (const lang of ['en', 'de', 'th', 'zh'] as const) {
      const i18n = await initI18n({ lang, namespaces: [NS] });
      const view = render(
        <I18nextProvider i18n={i18n}>
          <Suspense fallback={null}>
            <ChartAttribution />
          </Suspense>
        </I18nextProvider>,
      );
      const notice = await screen.findByTestId('chart-attribution');
      expect(notice.textContent).toContain('TradingView Lightweight Charts™');
      expect(notice.textContent).not.toContain('chart.attribution');
      const link = screen.getByRole('link', { name: 'TradingView Lightweight Charts™' });
      expect(link.getAttribute('href')).toBe('https://www.tradingview.com/');
      view.unmount();
    }
  });
});
