import { useMemo } from 'react';
import { BCP47, formatDateTime, formatDuration, useFormatters } from '@app/i18n/client';

const cache = new Map<string, Intl.DateTimeFormat>();

function format(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let value = cache.get(key);
  if (!value) {
    value = new Intl.DateTimeFormat(locale, { ...options, hourCycle: 'h23' });
    cache.set(key, value);
  }
  return value;
}

/**
 * Times of orders and prices need seconds (an order opens at one recorded second and settles at another),
 * which the shared dateTime formatter leaves out. Same locale mapping (BCP 47) as packages/i18n.
 */
export function useTimeFormat() {
  const { lang } = useFormatters();
  return useMemo(() => {
    const locale = BCP47[lang];
    return {
      lang,
      /** 14:05:09 */
      time: (seconds: number) =>
        format(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(new Date(seconds * 1000)),
      /** 22 Nov 2026, 14:05:09 */
      dateTimeSeconds: (seconds: number) =>
        format(locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(seconds * 1000)),
      dateTime: (seconds: number) => formatDateTime(seconds, lang),
      /** m:ss for countdowns */
      duration: formatDuration,
      /** Chart axis labels: hh:mm for intraday candles, the date for daily ones. */
      axis: (seconds: number, daily: boolean) =>
        format(locale, daily ? { month: 'short', day: 'numeric' } : { hour: '2-digit', minute: '2-digit' }).format(
          new Date(seconds * 1000),
        ),
    };
  }, [lang]);
}
