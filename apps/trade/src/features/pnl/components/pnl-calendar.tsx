import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Pnl } from '@app/contracts';
import { BCP47, useFormatters } from '@app/i18n/client';
import { cx } from '@app/ui';
import { NS } from '../../../i18n-namespace.ts';
import styles from './pnl.module.css';

const sign = (v: string) => (v.startsWith('-') ? 'down' : v === '0.00' ? 'flat' : 'up');

/** One month of platform days, each with its result; months move back and forth. */
export function PnlCalendar({ days, today }: { days: Pnl['by_day']; today: string }) {
  const { t } = useTranslation(NS);
  const f = useFormatters();
  const [month, setMonth] = useState(today.slice(0, 7));
  const byDay = useMemo(() => new Map(days.map((d) => [d.day, d])), [days]);
  const [y, m] = month.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m - 1, 1));
  const count = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const lead = (first.getUTCDay() + 6) % 7; // weeks start on Monday
  const shift = (n: number) => {
    const d = new Date(Date.UTC(y, m - 1 + n, 1));
    setMonth(`${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`);
  };
  const title = new Intl.DateTimeFormat(BCP47[f.lang], { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    first,
  );
  return (
    <section className={styles.card} aria-label={t('pnl.calendar')}>
      <div className={styles.monthBar}>
        <button type="button" className={styles.nav} onClick={() => shift(-1)} aria-label={t('pnl.prevMonth')}>
          ‹
        </button>
        <h2 className={styles.month}>{title}</h2>
        <button
          type="button"
          className={styles.nav}
          onClick={() => shift(1)}
          disabled={month >= today.slice(0, 7)}
          aria-label={t('pnl.nextMonth')}
        >
          ›
        </button>
      </div>
      <ol className={styles.grid}>
        {Array.from({ length: lead }, (_, i) => (
          <li key={`x${i}`} aria-hidden="true" />
        ))}
        {Array.from({ length: count }, (_, i) => {
          const day = `${month}-${String(i + 1).padStart(2, '0')}`;
          const d = byDay.get(day);
          return (
            <li
              key={day}
              className={cx(styles.day, d && styles[sign(d.pnl)], day === today && styles.today)}
              data-day={day}
            >
              <span className={styles.dayNo}>{i + 1}</span>
              {d && <span className={styles.dayPnl}>{f.number(d.pnl, 2)}</span>}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
