import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import {
  CandlestickSeries,
  CrosshairMode,
  HistogramSeries,
  LineSeries,
  LineStyle,
  createChart,
  createSeriesMarkers,
  type IChartApi,
  type IPriceLine,
  type ISeriesApi,
  type ISeriesMarkersPluginApi,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useTranslation } from 'react-i18next';
import type { Direction, KlineInterval } from '@app/contracts';
import { useFormatters } from '@app/i18n/client';
import { NS } from '../../../i18n-namespace.ts';
import { bucketStart, isLiveChange, type Bar } from '../lib/candles.ts';
import { chartFormatters, withAlpha } from '../lib/chart-format.ts';
import { themedChartOptions } from '../lib/chart-options.ts';
import { afterPaint } from '../lib/after-paint.ts';
import { bollinger, movingAverage, type Point } from '../lib/indicators.ts';
import type { ChartTheme } from '../hooks/use-chart-theme.ts';
import { ChartLegend } from './chart-legend.tsx';
import styles from './chart.module.css';

export type Indicators = { ma: boolean; boll: boolean };
export type OpenPriceLine = { id: number; price: string; direction: Direction };

type LineKey = 'ma5' | 'ma10' | 'ma30' | 'bollUpper' | 'bollMiddle' | 'bollLower';
/** The line series of each indicator: they exist only while it is switched on. */
const LINES_OF: Record<keyof Indicators, LineKey[]> = {
  ma: ['ma5', 'ma10', 'ma30'],
  boll: ['bollUpper', 'bollMiddle', 'bollLower'],
};

type Series = {
  chart: IChartApi;
  candles: ISeriesApi<'Candlestick'>;
  volume: ISeriesApi<'Histogram'>;
  lines: Partial<Record<LineKey, ISeriesApi<'Line'>>>;
  /**
   * The marker of a linked moment, made only when there is one: the markers plugin asks the chart for another
   * frame after each change of the candles' data, so with it every live tick drew the chart twice.
   */
  markers: ISeriesMarkersPluginApi<Time> | null;
};

const lineColours = (theme: ChartTheme): Record<LineKey, { color: string; lineStyle?: LineStyle }> => ({
  ma5: { color: theme.lines.ma5 },
  ma10: { color: theme.lines.ma10 },
  ma30: { color: theme.lines.ma30 },
  bollMiddle: { color: theme.lines.boll },
  bollUpper: { color: theme.lines.bollBand, lineStyle: LineStyle.Dashed },
  bollLower: { color: theme.lines.bollBand, lineStyle: LineStyle.Dashed },
});

/**
 * Adds the line series of the indicators switched on and removes those of the ones switched off (each series
 * costs the chart work on every draw, and BOLL is off unless asked for). Returns the series it added.
 */
function syncLines(s: Series, indicators: Indicators, theme: ChartTheme, precision: number): LineKey[] {
  const added: LineKey[] = [];
  const colours = lineColours(theme);
  for (const indicator of ['ma', 'boll'] as const) {
    for (const key of LINES_OF[indicator]) {
      const existing = s.lines[key];
      if (indicators[indicator] && !existing) {
        s.lines[key] = s.chart.addSeries(LineSeries, {
          lineWidth: 1,
          priceLineVisible: false,
          lastValueVisible: false,
          crosshairMarkerVisible: false,
          priceFormat: { type: 'price', precision, minMove: 10 ** -precision },
          ...colours[key],
        });
        added.push(key);
      } else if (!indicators[indicator] && existing) {
        s.chart.removeSeries(existing);
        delete s.lines[key];
      }
    }
  }
  return added;
}

const ts = (seconds: number) => seconds as UTCTimestamp;
const line = (points: Point[]) => points.map((p) => ({ time: ts(p.time), value: p.value }));

export type KlineChartProps = {
  bars: Bar[];
  /** Whether the first page of candles has been read (it may be empty); the chart is built then. */
  loaded: boolean;
  interval: KlineInterval;
  precision: number;
  theme: ChartTheme;
  indicators: Indicators;
  /** A moment to centre and mark (a link from an order's detail). */
  /** The MA / BOLL switches, shown at the start of the legend. */
  toggles: ReactNode;
  at: number | null;
  openLines: OpenPriceLine[];
  onNearLeftEdge: () => void;
  label: string;
};

/** The chart with its candle, volume and indicator series; the caller keeps the series and disposes of it. */
function buildChart(
  node: HTMLDivElement,
  interval: KlineInterval,
  precision: number,
  on: { onNearLeftEdge: () => void; onHover: (time: number | null) => void },
): { series: Series; dispose: () => void } {
  const chart = createChart(node, {
    autoSize: true,
    crosshair: { mode: CrosshairMode.Normal },
    // Wide enough for every seeded product's prices in every language (BTC's are the widest, 76 px): a scale
    // that widens when the candles arrive lays the whole chart out and draws it again.
    rightPriceScale: { minimumWidth: 80, scaleMargins: { top: 0.08, bottom: 0.24 } },
    timeScale: { rightOffset: 4, barSpacing: 7, timeVisible: interval !== '1d', secondsVisible: false },
    handleScale: { axisPressedMouseMove: false },
  });
  const common = { priceLineVisible: false, lastValueVisible: false, crosshairMarkerVisible: false } as const;
  const priceFormat = { type: 'price', precision, minMove: 10 ** -precision } as const;
  const candles = chart.addSeries(CandlestickSeries, { priceFormat });
  const volume = chart.addSeries(HistogramSeries, {
    priceScaleId: 'volume',
    priceFormat: { type: 'volume' },
    ...common,
  });
  volume.priceScale().applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
  const onRange = (range: { from: number; to: number } | null) => {
    if (range && range.from < 10) on.onNearLeftEdge();
  };
  chart.timeScale().subscribeVisibleLogicalRangeChange(onRange);
  chart.subscribeCrosshairMove((param) => on.onHover(param.time === undefined ? null : Number(param.time)));
  return {
    series: {
      chart,
      candles,
      volume,
      lines: {},
      markers: null,
    },
    dispose: () => {
      chart.timeScale().unsubscribeVisibleLogicalRangeChange(onRange);
      chart.remove();
    },
  };
}

/**
 * Candles and volume from the server's record, MA(5/10/30) and BOLL(20,2) computed here, drawn with
 * lightweight-charts. Live changes touch only the newest candle; anything else redraws the series and keeps
 * the user's view where it was (older pages are prepended without a jump).
 */
export function KlineChart({
  bars,
  loaded,
  interval,
  precision,
  theme,
  indicators,
  toggles,
  at,
  openLines,
  onNearLeftEdge,
  label,
}: KlineChartProps) {
  const { t } = useTranslation(NS);
  const { lang } = useFormatters();
  const container = useRef<HTMLDivElement>(null);
  const series = useRef<Series | null>(null);
  const drawn = useRef<Bar[]>([]);
  const drawnLines = useRef('');
  const edge = useRef(onNearLeftEdge);
  edge.current = onNearLeftEdge;
  const [hovered, setHovered] = useState<number | null>(null);
  /** Counts the charts built, so the effects below run again on a new one. */
  const [built, setBuilt] = useState(0);

  // Built once the first page of candles has arrived (or is known to be empty), and given its data in the same
  // task: a chart built before its data draws twice, empty and then full, and each draw of its canvases is a
  // long task on a phone. That task is one of its own after the page has painted (the box below already has the
  // chart's height, so nothing moves): the page's render and the chart's set-up are two short tasks, not one
  // long one, and the chart's first draw is a third, at the next frame. The parent keys this component by
  // symbol, interval and moment.
  useEffect(() => {
    if (!loaded) return;
    let made: ReturnType<typeof buildChart> | null = null;
    const cancel = afterPaint(() => {
      made = buildChart(container.current!, interval, precision, {
        onNearLeftEdge: () => edge.current(),
        onHover: setHovered,
      });
      series.current = made.series;
      // The effects below give it its options and data now, in this task, before the chart's first frame.
      flushSync(() => setBuilt((n) => n + 1));
    });
    return () => {
      cancel();
      if (!made) return;
      made.dispose();
      series.current = null;
      drawn.current = [];
      drawnLines.current = '';
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded]);

  // Colours and words follow the theme and the language.
  useEffect(() => {
    const s = series.current;
    if (!s) return;
    s.chart.applyOptions(themedChartOptions(theme, lang, precision, false));
    s.candles.applyOptions({
      upColor: theme.up,
      downColor: theme.down,
      borderUpColor: theme.up,
      borderDownColor: theme.down,
      wickUpColor: theme.up,
      wickDownColor: theme.down,
    });
    const colours = lineColours(theme);
    for (const [key, lineSeries] of Object.entries(s.lines) as Array<[LineKey, ISeriesApi<'Line'>]>)
      lineSeries.applyOptions(colours[key]);
    drawn.current = []; // volume colours depend on the theme: redraw
  }, [built, theme, lang, precision]);

  const volumeOf = (bar: Bar) =>
    bar.volume === null
      ? { time: ts(bar.time) }
      : {
          time: ts(bar.time),
          value: bar.volume,
          color: withAlpha(bar.close >= bar.open ? theme.up : theme.down, 0.45),
        };
  const candleOf = (bar: Bar) => ({
    time: ts(bar.time),
    open: bar.open,
    high: bar.high,
    low: bar.low,
    close: bar.close,
  });

  // Indicators, recomputed from the candles.
  const closes = useMemo(() => bars.map((b) => b.close), [bars]);
  const times = useMemo(() => bars.map((b) => b.time), [bars]);
  const ma = useMemo(
    () =>
      indicators.ma
        ? {
            ma5: movingAverage(times, closes, 5),
            ma10: movingAverage(times, closes, 10),
            ma30: movingAverage(times, closes, 30),
          }
        : null,
    [indicators.ma, times, closes],
  );
  const boll = useMemo(
    () => (indicators.boll ? bollinger(times, closes, 20, 2) : null),
    [indicators.boll, times, closes],
  );

  // Every series in one place, so one change is one draw of the chart. A live tick updates the last point of
  // each series, which is all that moved; a full redraw of every series on each tick is what would make the
  // page stutter once a second. An indicator switched on gives data to its new series only; anything else (a
  // new page of candles, the theme) sets the data again.
  useEffect(() => {
    const s = series.current;
    if (!s) return;
    const added = syncLines(s, indicators, theme, precision);
    if (bars.length === 0) return;
    const before = drawn.current;
    const pointsOf: Record<LineKey, Point[] | undefined> = {
      ma5: ma?.ma5,
      ma10: ma?.ma10,
      ma30: ma?.ma30,
      bollUpper: boll?.upper,
      bollMiddle: boll?.middle,
      bollLower: boll?.lower,
    };
    const lines = (Object.entries(s.lines) as Array<[LineKey, ISeriesApi<'Line'>]>).map(
      ([key, lineSeries]) => [lineSeries, pointsOf[key]] as const,
    );
    const shownLines = `${indicators.ma}|${indicators.boll}`;
    if (before === bars && drawnLines.current !== shownLines) {
      for (const key of added) s.lines[key]!.setData(line(pointsOf[key] ?? []));
    } else if (isLiveChange(before, bars) && drawnLines.current === shownLines) {
      const last = bars[bars.length - 1]!;
      s.candles.update(candleOf(last));
      s.volume.update(volumeOf(last));
      for (const [lineSeries, points] of lines) {
        const point = points?.[points.length - 1];
        if (point?.time === last.time) lineSeries.update({ time: ts(point.time), value: point.value });
      }
    } else {
      const range = s.chart.timeScale().getVisibleLogicalRange();
      const prepended = before.length > 0 ? bars.findIndex((b) => b.time === before[0]!.time) : -1;
      s.candles.setData(bars.map(candleOf));
      s.volume.setData(bars.map(volumeOf));
      for (const [lineSeries, points] of lines) lineSeries.setData(points ? line(points) : []);
      if (before.length === 0) {
        const index = at === null ? -1 : bars.findIndex((b) => b.time === bucketStart(at, interval));
        const centre = index >= 0 ? index : bars.length - 1;
        s.chart
          .timeScale()
          .setVisibleLogicalRange({ from: centre - (index >= 0 ? 35 : 70), to: centre + (index >= 0 ? 25 : 3) });
      } else if (range && prepended > 0) {
        s.chart.timeScale().setVisibleLogicalRange({ from: range.from + prepended, to: range.to + prepended });
      }
    }
    drawn.current = bars;
    drawnLines.current = shownLines;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [built, bars, theme, ma, boll]);

  // The linked moment, marked on its candle (set again only when the mark itself changes, not on each tick).
  const momentTime = at === null ? null : bucketStart(at, interval);
  const marked = momentTime !== null && bars.some((b) => b.time === momentTime) ? momentTime : null;
  useEffect(() => {
    const s = series.current;
    if (!s || (marked === null && !s.markers)) return;
    const markers =
      marked !== null
        ? [
            {
              time: ts(marked),
              position: 'aboveBar' as const,
              shape: 'arrowDown' as const,
              color: theme.primary,
              text: t('chart.moment'),
            },
          ]
        : [];
    if (s.markers) s.markers.setMarkers(markers);
    else s.markers = createSeriesMarkers(s.candles, markers);
  }, [built, marked, theme, t]);

  // Open prices of the user's running orders on this product, as dashed lines.
  useEffect(() => {
    const s = series.current;
    if (!s) return;
    const lines: IPriceLine[] = openLines.map((o) =>
      s.candles.createPriceLine({
        price: Number(o.price),
        color: o.direction === 'up' ? theme.up : theme.down,
        lineWidth: 1,
        lineStyle: LineStyle.Dashed,
        axisLabelVisible: true,
        title: o.direction === 'up' ? '▲' : '▼',
      }),
    );
    return () => {
      // Leaving the page removes the chart first (the effect above): a removed chart's lines are gone with it,
      // and touching its series then throws "Object is disposed" at the next frame.
      if (series.current === s) lines.forEach((l) => s.candles.removePriceLine(l));
    };
  }, [built, openLines, theme]);

  const shown = (hovered !== null ? bars.find((b) => b.time === hovered) : undefined) ?? bars[bars.length - 1];
  return (
    <>
      <ChartLegend
        bar={shown}
        ma={ma}
        boll={boll}
        theme={theme}
        price={chartFormatters(lang, precision).price}
        toggles={toggles}
      />
      <div ref={container} className={styles.canvas} role="img" aria-label={label} data-testid="kline-chart" />
    </>
  );
}
