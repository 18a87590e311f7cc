import { useEffect, useRef } from 'react';
import { BaselineSeries, createChart, type UTCTimestamp } from 'lightweight-charts';
import { useFormatters } from '@app/i18n/client';
import { themedChartOptions } from '../lib/chart-options.ts';
import { withAlpha } from '../lib/chart-format.ts';
import { useChartTheme } from '../hooks/use-chart-theme.ts';
import styles from './chart.module.css';

export type PnlPoint = { t: number; pnl: string };

/**
 * Cumulative P/L after each settled order (a leader's record), above zero in the up colour and below in the
 * down colour. Points come from the server's figures; two orders settling in one second keep the later value.
 * This module is the only one that imports lightweight-charts for it: pages load it lazily.
 */
export default function PnlCurveChart({ points, label }: { points: PnlPoint[]; label: string }) {
  const { lang } = useFormatters();
  const theme = useChartTheme();
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const chart = createChart(container.current!, {
      autoSize: true,
      timeScale: { timeVisible: true, secondsVisible: false },
      rightPriceScale: { scaleMargins: { top: 0.12, bottom: 0.08 } },
      handleScale: false,
      handleScroll: false,
      ...themedChartOptions(theme, lang, 2, false),
    });
    const series = chart.addSeries(BaselineSeries, {
      baseValue: { type: 'price', price: 0 },
      lineWidth: 2,
      topLineColor: theme.up,
      topFillColor1: withAlpha(theme.up, 0.24),
      topFillColor2: withAlpha(theme.up, 0.02),
      bottomLineColor: theme.down,
      bottomFillColor1: withAlpha(theme.down, 0.02),
      bottomFillColor2: withAlpha(theme.down, 0.24),
      priceFormat: { type: 'price', precision: 2, minMove: 0.01 },
    });
    const bySecond = new Map<number, number>();
    for (const p of points) bySecond.set(p.t, Number(p.pnl));
    series.setData([...bySecond].sort(([a], [b]) => a - b).map(([t, v]) => ({ time: t as UTCTimestamp, value: v })));
    chart.timeScale().fitContent();
    return () => chart.remove();
  }, [points, theme, lang]);

  return <div ref={container} className={styles.lineCanvas} role="img" aria-label={label} data-testid="pnl-curve" />;
}
