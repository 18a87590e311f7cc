import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from '../../../i18n-namespace.ts';
import type { Bar } from '../lib/candles.ts';
import type { Bands, Point } from '../lib/indicators.ts';
import type { ChartTheme } from '../hooks/use-chart-theme.ts';
import styles from './chart.module.css';

export type Averages = { ma5: Point[]; ma10: Point[]; ma30: Point[] };

/**
 * The values under the finger (or of the newest candle): O/H/L/C, and the MA and BOLL values at that candle.
 * Each line is named in words beside its colour swatch. The chart is labelled as an image for screen readers;
 * the price header carries the same figures as text.
 */
export function ChartLegend({
  bar,
  ma,
  boll,
  theme,
  price,
  toggles,
}: {
  bar: Bar | undefined;
  ma: Averages | null;
  boll: Bands | null;
  theme: ChartTheme;
  price: (value: number) => string;
  toggles: ReactNode;
}) {
  const { t } = useTranslation(NS);
  const at = (points: Point[]) => (bar ? points.find((p) => p.time === bar.time)?.value : undefined);
  const show = (value: number | undefined) => (value === undefined ? '—' : price(value));
  return (
    <>
      <div className={styles.legendRow}>
        {toggles}
        <div className={styles.legend} aria-hidden="true">
          {bar && (
            <>
              <span>
                {t('chart.o')} <b>{price(bar.open)}</b>
              </span>
              <span>
                {t('chart.h')} <b>{price(bar.high)}</b>
              </span>
              <span>
                {t('chart.l')} <b>{price(bar.low)}</b>
              </span>
              <span>
                {t('chart.c')} <b className={bar.close >= bar.open ? styles.up : styles.down}>{price(bar.close)}</b>
              </span>
            </>
          )}
        </div>
      </div>
      {(ma || boll) && (
        // Empty (its one line's height kept) until the candles arrive: "—" placeholders there were narrower than
        // the values, which then moved the names after them (a layout shift).
        <div className={styles.legend} aria-hidden="true">
          {bar &&
            ma &&
            (
              [
                ['MA5', ma.ma5, theme.lines.ma5],
                ['MA10', ma.ma10, theme.lines.ma10],
                ['MA30', ma.ma30, theme.lines.ma30],
              ] as const
            ).map(([name, points, color]) => (
              <span key={name}>
                <i className={styles.swatch} style={{ background: color }} />
                {name} <b>{show(at(points))}</b>
              </span>
            ))}
          {bar && boll && (
            <span>
              <i className={styles.swatch} style={{ background: theme.lines.boll }} />
              BOLL(20,2) <b>{show(at(boll.middle))}</b> <b>{show(at(boll.upper))}</b> <b>{show(at(boll.lower))}</b>
            </span>
          )}
        </div>
      )}
    </>
  );
}
