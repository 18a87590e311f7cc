import type { ConsoleLanguage } from './i18n.ts';

const LOCALE: Record<ConsoleLanguage, string> = { en: 'en', zh: 'zh-Hans' };
const money = new Map<ConsoleLanguage, Intl.NumberFormat>();
const dates = new Map<string, Intl.DateTimeFormat>();

/** Money arrives as a decimal string; Intl formats the string exactly (no float): "1,234.50 U". */
export function formatMoney(amount: string, lang: ConsoleLanguage): string {
  let format = money.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE[lang], { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    money.set(lang, format);
  }
  const text = amount.trim();
  return /^-?\d+(\.\d+)?$/.test(text) ? `${format.format(text as unknown as number)} U` : '—';
}

/** Server times are seconds since the epoch; `short`, for list rows, leaves out the year ("11/25, 14:36"). */
export function formatDateTime(
  seconds: number | null | undefined,
  lang: ConsoleLanguage,
  style: 'medium' | 'short' = 'medium',
): string {
  if (seconds === null || seconds === undefined) return '—';
  const key = `${lang}:${style}`;
  let format = dates.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(
      LOCALE[lang],
      style === 'short'
        ? { month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }
        : { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' },
    );
    dates.set(key, format);
  }
  return format.format(new Date(seconds * 1000));
}

const UNITS = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
] as const;

/**
 * A span a rule measures in seconds, in the largest unit it fills ("24 hours", "7 days", "90 seconds"): a reviewer
 * reads "3 withdrawals within 1 day", not "within 86400 s".
 */
export function formatSeconds(seconds: number, lang: ConsoleLanguage): string {
  const s = Math.max(0, Math.round(seconds));
  const [unit, size] = UNITS.find(([, size]) => s >= size && (s % size === 0 || s >= 2 * size)) ?? ['second', 1];
  return new Intl.NumberFormat(LOCALE[lang], {
    style: 'unit',
    unit,
    unitDisplay: 'long',
    maximumFractionDigits: 1,
  }).format(s / size);
}
