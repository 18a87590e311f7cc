import { render, screen, waitFor } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { i18n } from 'i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@app/i18n/client';
import { NS } from '../../../i18n-namespace.ts';
import { FluctuationChart } from '../components/fluctuation-chart.tsx';
import { KlineChart } from '../components/kline-chart.tsx';
import { testTheme } from './chart-test-theme.ts';

/**
 * lightweight-charts as far as the charts use it, strict like the real one: once a chart is removed, touching it
 * or any of its series throws "Object is disposed" (the real one throws it at the next frame, as a page error).
 */
const touchedAfterRemoval: string[] = [];
const charts = vi.hoisted(() => ({ made: 0 }));
vi.mock('lightweight-charts', () => {
  const fakeChart = () => {
    charts.made += 1;
    let removed = false;
    const guard = (what: string) => {
      if (removed) touchedAfterRemoval.push(what);
    };
    const series = () => ({
      applyOptions: () => guard('series.applyOptions'),
      setData: () => guard('series.setData'),
      update: () => guard('series.update'),
      priceScale: () => ({ applyOptions: () => guard('priceScale.applyOptions') }),
      createPriceLine: () => (guard('series.createPriceLine'), {}),
      removePriceLine: () => guard('series.removePriceLine'),
    });
    const timeScale = {
      subscribeVisibleLogicalRangeChange: () => {},
      unsubscribeVisibleLogicalRangeChange: () => {},
      getVisibleLogicalRange: () => null,
      setVisibleLogicalRange: () => guard('timeScale.setVisibleLogicalRange'),
      fitContent: () => guard('timeScale.fitContent'),
    };
    return {
      addSeries: () => series(),
      removeSeries: () => guard('chart.removeSeries'),
      applyOptions: () => guard('chart.applyOptions'),
      subscribeCrosshairMove: () => {},
      timeScale: () => timeScale,
      remove: () => {
        guard('chart.remove');
        removed = true;
      },
    };
  };
  return {
    createChart: fakeChart,
    createSeriesMarkers: () => ({ setMarkers: () => {} }),
    AreaSeries: 'Area',
    CandlestickSeries: 'Candlestick',
    HistogramSeries: 'Histogram',
    LineSeries: 'Line',
    LineStyle: { Dashed: 2 },
    CrosshairMode: { Normal: 0 },
    ColorType: { Solid: 'solid' },
  };
});

let i18n: i18n;
beforeAll(async () => {
  i18n = await initI18n({ lang: 'en', namespaces: [NS] });
});

const theme = testTheme;
const openLines = [{ id: 1, price: '100.00', direction: 'up' as const }];
const wrap = (node: ReactNode) => (
  <I18nextProvider i18n={i18n}>
    <Suspense fallback={null}>{node}</Suspense>
  </I18nextProvider>
);

describe('leaving a chart that shows running orders', () => {
  it('leaves the removed candle chart alone', async () => {
    touchedAfterRemoval.length = 0;
    charts.made = 0;
    const view = render(
      wrap(
        <KlineChart
          bars={[{ time: 60, open: 1, high: 2, low: 1, close: 2, volume: 3 }]}
          loaded
          interval="1m"
          precision={2}
          theme={theme}
          indicators={{ ma: true, boll: false }}
          toggles={null}
          at={null}
          openLines={openLines}
          onNearLeftEdge={() => {}}
          label="chart"
        />,
      ),
    );
    expect(await screen.findByTestId('kline-chart')).toBeTruthy();
    // The candle chart is built in a task after the render.
    await waitFor(() => expect(charts.made).toBe(1));
    view.unmount();
    expect(touchedAfterRemoval).toEqual([]);
  });

  it('leaves the removed per-second line alone', async () => {
    touchedAfterRemoval.length = 0;
    const view = render(
      wrap(
        <FluctuationChart
          points={[{ time: 1, value: 100 }]}
          precision={2}
          theme={theme}
          openLines={openLines}
          label="line"
        />,
      ),
    );
    expect(await screen.findByTestId('line-chart')).toBeTruthy();
    view.unmount();
    expect(touchedAfterRemoval).toEqual([]);
  });
});
