import { act, render, screen, waitFor } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { i18n } from 'i18next';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@app/i18n/client';
import { NS } from '../../../i18n-namespace.ts';
import { KlineChart, type Indicators } from '../components/kline-chart.tsx';
import type { Bar } from '../lib/candles.ts';
import { testTheme } from './chart-test-theme.ts';

/** lightweight-charts recording what the candle chart asks of it: charts made, series alive, range listeners. */
type FakeSeries = { type: string; data: unknown[] | null; removed: boolean };
const made = vi.hoisted(() => ({
  charts: 0,
  series: [] as Array<{ type: string; data: unknown[] | null; removed: boolean }>,
  rangeListeners: [] as Array<(range: { from: number; to: number } | null) => void>,
  markerPlugins: 0,
}));
vi.mock('lightweight-charts', () => {
  const createChart = () => {
    made.charts += 1;
    const timeScale = {
      subscribeVisibleLogicalRangeChange: (fn: (range: { from: number; to: number } | null) => void) =>
        made.rangeListeners.push(fn),
      unsubscribeVisibleLogicalRangeChange: () => {},
      getVisibleLogicalRange: () => null,
      setVisibleLogicalRange: () => {},
      fitContent: () => {},
    };
    return {
      addSeries: (type: string) => {
        const record: FakeSeries = { type, data: null, removed: false };
        made.series.push(record);
        return {
          record,
          applyOptions: () => {},
          setData: (data: unknown[]) => (record.data = data),
          update: () => {},
          priceScale: () => ({ applyOptions: () => {} }),
          createPriceLine: () => ({}),
          removePriceLine: () => {},
        };
      },
      removeSeries: (api: { record: FakeSeries }) => (api.record.removed = true),
      applyOptions: () => {},
      subscribeCrosshairMove: () => {},
      timeScale: () => timeScale,
      remove: () => {},
    };
  };
  return {
    createChart,
    createSeriesMarkers: () => {
      made.markerPlugins += 1;
      return { setMarkers: () => {} };
    },
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
beforeEach(() => {
  made.charts = 0;
  made.series.length = 0;
  made.rangeListeners.length = 0;
  made.markerPlugins = 0;
});

const theme = testTheme;
const bars: Bar[] = Array.from({ length: 40 }, (_, i) => ({
  time: 60 * (i + 1),
  open: 100 + i,
  high: 102 + i,
  low: 99 + i,
  close: 101 + i,
  volume: 5,
}));
const chart = (indicators: Indicators, onNearLeftEdge = () => {}, at: number | null = null): ReactNode => (
  <I18nextProvider i18n={i18n}>
    <Suspense fallback={null}>
      <KlineChart
        bars={bars}
        loaded
        interval="1m"
        precision={2}
        theme={theme}
        indicators={indicators}
        toggles={null}
        at={at}
        openLines={[]}
        onNearLeftEdge={onNearLeftEdge}
        label="chart"
      />
    </Suspense>
  </I18nextProvider>
);
const liveLines = () => made.series.filter((s) => s.type === 'Line' && !s.removed);

describe('the candle chart', () => {
  it('is built in a task of its own after the page has rendered, with its data', async () => {
    render(chart({ ma: true, boll: false }));
    expect(await screen.findByTestId('kline-chart')).toBeTruthy();
    // The render (and its effects) made no chart: that is the next task's work.
    expect(made.charts).toBe(0);
    await waitFor(() => expect(made.charts).toBe(1));
    const candles = made.series.find((s) => s.type === 'Candlestick')!;
    expect(candles.data).toHaveLength(bars.length);
  });

  it('has series for BOLL only while BOLL is on', async () => {
    const view = render(chart({ ma: true, boll: false }));
    await waitFor(() => expect(made.charts).toBe(1));
    // MA(5/10/30): three lines; no BOLL.
    expect(liveLines()).toHaveLength(3);

    act(() => view.rerender(chart({ ma: true, boll: true })));
    expect(liveLines()).toHaveLength(6);
    // The three new lines got their points (BOLL(20) over 40 candles: 21 each).
    for (const s of liveLines().slice(3)) expect(s.data).toHaveLength(21);

    act(() => view.rerender(chart({ ma: true, boll: false })));
    expect(liveLines()).toHaveLength(3);
    expect(made.series.filter((s) => s.removed)).toHaveLength(3);
  });

  it('has no line series with both indicators off', async () => {
    const view = render(chart({ ma: false, boll: false }));
    await waitFor(() => expect(made.charts).toBe(1));
    expect(liveLines()).toHaveLength(0);
    act(() => view.rerender(chart({ ma: true, boll: false })));
    expect(liveLines()).toHaveLength(3);
    // MA(30) over 40 candles: 11 points.
    expect(liveLines()[2]!.data).toHaveLength(11);
  });

  it('marks a linked moment, and has no markers plugin without one (it draws the chart again on each tick)', async () => {
    const view = render(chart({ ma: true, boll: false }));
    await waitFor(() => expect(made.charts).toBe(1));
    expect(made.markerPlugins).toBe(0);
    view.unmount();
    render(chart({ ma: true, boll: false }, () => {}, bars[10]!.time + 5));
    await waitFor(() => expect(made.charts).toBe(2));
    expect(made.markerPlugins).toBe(1);
  });

  it('leaves the legend empty until the candles arrive (placeholders narrower than the values moved it)', async () => {
    render(
      <I18nextProvider i18n={i18n}>
        <Suspense fallback={null}>
          <KlineChart
            bars={[]}
            loaded={false}
            interval="1m"
            precision={2}
            theme={theme}
            indicators={{ ma: true, boll: true }}
            toggles={null}
            at={null}
            openLines={[]}
            onNearLeftEdge={() => {}}
            label="chart"
          />
        </Suspense>
      </I18nextProvider>,
    );
    expect(await screen.findByTestId('kline-chart')).toBeTruthy();
    expect(screen.queryByText(/MA5|BOLL/)).toBeNull();
  });

  it('asks for older candles when the user scrolls near the left edge', async () => {
    const onNearLeftEdge = vi.fn();
    render(chart({ ma: true, boll: false }, onNearLeftEdge));
    await waitFor(() => expect(made.rangeListeners).toHaveLength(1));
    made.rangeListeners[0]!({ from: 40, to: 110 });
    expect(onNearLeftEdge).not.toHaveBeenCalled();
    made.rangeListeners[0]!({ from: 4, to: 74 });
    expect(onNearLeftEdge).toHaveBeenCalledTimes(1);
  });
});
