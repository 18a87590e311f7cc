import { useEffect, useRef } from 'react';
import { ColorType, LineSeries, createChart, type Time } from 'lightweight-charts';
import type { FlexRate } from '@app/contracts';
import { BCP47, useFormatters } from '@app/i18n/client';
import { labelToSeconds } from '../../../lib/plan-math.ts';
import styles from './flexible.module.css';

/** A business-day time as the chart hands it back: the string given, or a {year, month, day} object. */
const dayText = (time: Time) =>
  typeof time === 'string'
    ? time
    : typeof time === 'object'
      ? `${time.year}-${String(time.month).padStart(2, '0')}-${String(time.day).padStart(2, '0')}`
      : new Date(time * 1000).toISOString().slice(0, 10);

/** The colours of the page's tokens, read when the chart is drawn: it follows the theme. */
function tokens() {
  const style = getComputedStyle(document.documentElement);
  const token = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    line: token('--color-primary', '#1a56db'),
    text: token('--color-text-3', '#5f6673'),
    grid: token('--color-border', '#e1e5ec'),
    background: token('--color-surface', '#ffffff'),
    font: token('--font-sans', 'system-ui, sans-serif'),
  };
}

/**
 * The yearly rate of each of the last seven platform days, as the server states it (a step when a change took
 * effect). The only module of this remote that imports lightweight-charts: the page loads it lazily.
 */
export default function RateChart({ rates, label }: { rates: FlexRate[]; label: string }) {
  const f = useFormatters();
  const dayMonth = new Intl.DateTimeFormat(BCP47[f.lang], { month: 'numeric', day: 'numeric', timeZone: 'UTC' });
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const c = tokens();
    const chart = createChart(container.current!, {
      autoSize: true,
      handleScale: false,
      handleScroll: false,
      layout: {
        background: { type: ColorType.Solid, color: c.background },
        textColor: c.text,
        fontFamily: c.font,
        // The licence's attribution is the line under the chart (a link inside role="img" is unreachable).
        attributionLogo: false,
      },
      grid: { vertLines: { visible: false }, horzLines: { color: c.grid } },
      rightPriceScale: { borderColor: c.grid, scaleMargins: { top: 0.2, bottom: 0.2 } },
      timeScale: {
        borderColor: c.grid,
        fixLeftEdge: true,
        fixRightEdge: true,
        tickMarkFormatter: (time: Time) => dayMonth.format(labelToSeconds(dayText(time)) * 1000),
      },
      localization: {
        priceFormatter: (v: number) => `${f.number(v, 2)}%`,
        timeFormatter: (time: Time) => f.date(labelToSeconds(dayText(time))),
      },
    });
    const series = chart.addSeries(LineSeries, {
      color: c.line,
      lineWidth: 2,
      lineType: 1,
      priceFormat: { type: 'price', precision: 2, minMove: 0.01 },
    });
    series.setData(rates.map((r) => ({ time: r.day as Time, value: Number(r.rate_pct) })));
    chart.timeScale().fitContent();
    return () => chart.remove();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- dayMonth follows f.lang
  }, [rates, f]);
  return <div ref={container} className={styles.chart} role="img" aria-label={label} data-testid="flex-rate-chart" />;
}
