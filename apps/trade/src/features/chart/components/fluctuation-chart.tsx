import { useEffect, useRef } from 'react';
import {
  AreaSeries,
  LineStyle,
  createChart,
  type IChartApi,
  type IPriceLine,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useFormatters } from '@app/i18n/client';
import { withAlpha } from '../lib/chart-format.ts';
import { themedChartOptions } from '../lib/chart-options.ts';
import type { ChartTheme } from '../hooks/use-chart-theme.ts';
import type { LinePoint } from '../hooks/use-tick-line.ts';
import type { OpenPriceLine } from './kline-chart.tsx';
import styles from './chart.module.css';

/** The per-second price line (the recorded seconds of the last minutes, then live). */
export function FluctuationChart({
  points,
  precision,
  theme,
  openLines,
  label,
}: {
  points: LinePoint[];
  precision: number;
  theme: ChartTheme;
  openLines: OpenPriceLine[];
  label: string;
}) {
  const { lang } = useFormatters();
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<{ chart: IChartApi; area: ISeriesApi<'Area'> } | null>(null);
  const drawn = useRef<LinePoint[]>([]);

  useEffect(() => {
    const c = createChart(container.current!, {
      autoSize: true,
      timeScale: { timeVisible: true, secondsVisible: true, rightOffset: 6, barSpacing: 1.2 },
      rightPriceScale: { scaleMargins: { top: 0.12, bottom: 0.08 } },
      handleScale: { axisPressedMouseMove: false },
    });
    const area = c.addSeries(AreaSeries, {
      lineWidth: 2,
      priceFormat: { type: 'price', precision, minMove: 10 ** -precision },
    });
    chart.current = { chart: c, area };
    return () => {
      c.remove();
      chart.current = null;
      drawn.current = [];
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const c = chart.current;
    if (!c) return;
    c.chart.applyOptions(themedChartOptions(theme, lang, precision, true));
    c.area.applyOptions({
      lineColor: theme.primary,
      topColor: withAlpha(theme.primary, 0.28),
      bottomColor: withAlpha(theme.primary, 0.02),
    });
  }, [theme, lang, precision]);

  useEffect(() => {
    const c = chart.current;
    if (!c || points.length === 0) return;
    const before = drawn.current;
    const toData = (p: LinePoint) => ({ time: p.time as UTCTimestamp, value: p.value });
    if (
      before.length > 0 &&
      points.length === before.length + 1 &&
      points[before.length - 1] === before[before.length - 1]
    ) {
      c.area.update(toData(points[points.length - 1]!));
    } else {
      c.area.setData(points.map(toData));
      if (before.length === 0) c.chart.timeScale().fitContent();
    }
    drawn.current = points;
  }, [points]);

  useEffect(() => {
    const c = chart.current;
    if (!c) return;
    const lines: IPriceLine[] = openLines.map((o) =>
      c.area.createPriceLine({
        price: Number(o.price),
        color: o.direction === 'up' ? theme.up : theme.down,
        lineWidth: 1,
        lineStyle: LineStyle.Dashed,
        axisLabelVisible: true,
        title: o.direction === 'up' ? '▲' : '▼',
      }),
    );
    return () => {
      // Not on a chart already removed (leaving the page): its lines went with it, and touching it would throw.
      if (chart.current === c) lines.forEach((l) => c.area.removePriceLine(l));
    };
  }, [openLines, theme]);

  return <div ref={container} className={styles.lineCanvas} role="img" aria-label={label} data-testid="line-chart" />;
}
