import { BCP47, formatNumber, type Language } from '@app/i18n/client';

const formats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(lang: Language, options: Intl.DateTimeFormatOptions) {
  const key = `${lang}|${JSON.stringify(options)}`;
  let value = formats.get(key);
  if (!value) {
    value = new Intl.DateTimeFormat(BCP47[lang], { ...options, hourCycle: 'h23' });
    formats.set(key, value);
  }
  return value;
}

/**
 * What the chart writes on its axes and crosshair, in the user's language and local time (the chart library
 * would show UTC): dates for daily marks, hh:mm for intraday ones, seconds on the per-second line.
 */
export function chartFormatters(lang: Language, precision: number) {
  const date = (seconds: number) => new Date(seconds * 1000);
  return {
    price: (value: number) => formatNumber(value.toFixed(precision), lang, precision),
    crosshairTime: (seconds: number, withSeconds: boolean) =>
      dateFormat(lang, {
        month: 'short',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        ...(withSeconds ? { second: '2-digit' } : {}),
      }).format(date(seconds)),
    /** tickMarkType: 0 year, 1 month, 2 day, 3 time, 4 time with seconds (lightweight-charts' TickMarkType). */
    tickMark: (seconds: number, tickMarkType: number) => {
      if (tickMarkType === 0) return dateFormat(lang, { year: 'numeric' }).format(date(seconds));
      if (tickMarkType <= 2) return dateFormat(lang, { month: 'short', day: 'numeric' }).format(date(seconds));
      return dateFormat(lang, {
        hour: '2-digit',
        minute: '2-digit',
        ...(tickMarkType === 4 ? { second: '2-digit' } : {}),
      }).format(date(seconds));
    },
  };
}

/** A token colour (#rrggbb or #rgb) with transparency, for volume bars and the line's fill. */
export function withAlpha(color: string, alpha: number): string {
  let hex = color.trim().replace(/^#/, '');
  if (/^[0-9a-f]{3}$/i.test(hex)) hex = hex.replace(/./g, (c) => c + c);
  if (!/^[0-9a-f]{6}$/i.test(hex)) return color;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}
