import { BCP47, type Language } from '@app/contracts';

/** The unit shown after every USD amount. */
export const MONEY_UNIT = 'U';

const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(lang: Language, digits: number): Intl.NumberFormat {
  const cacheKey = `${lang}:${digits}`;
  let format = numberFormats.get(cacheKey);
  if (!format) {
    format = new Intl.NumberFormat(BCP47[lang], {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      numberingSystem: 'latn',
    });
    numberFormats.set(cacheKey, format);
  }
  return format;
}

/**
 * Money arrives as a decimal string ("1234.5"); it is formatted as a string so no float ever touches it
 * (Intl formats decimal strings exactly). "1,234.50 U" in English, "1.234,50 U" in German.
 */
export function formatMoney(amount: string | bigint, lang: Language, digits = 2): string {
  const text = typeof amount === 'bigint' ? amount.toString() : amount.trim();
  const valid = /^-?\d+(\.\d+)?$/.test(text);
  const formatted = valid ? numberFormat(lang, digits).format(text as unknown as number) : '—';
  return `${formatted} ${MONEY_UNIT}`;
}

/** Plain numbers at a given precision (prices, rates). */
export function formatNumber(value: string | number, lang: Language, digits = 2): string {
  return numberFormat(lang, digits).format(value as number);
}

// Building an Intl format loads the language's ICU data (milliseconds each on a phone): one per language and
// style, reused by every list row.
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(lang: Language, withTime: boolean): Intl.DateTimeFormat {
  const cacheKey = `${lang}:${withTime}`;
  let format = dateFormats.get(cacheKey);
  if (!format) {
    format = new Intl.DateTimeFormat(
      BCP47[lang],
      withTime ? { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' } : { dateStyle: 'medium' },
    );
    dateFormats.set(cacheKey, format);
  }
  return format;
}

/** Server timestamps are seconds since the epoch. */
export function formatDateTime(seconds: number, lang: Language): string {
  return dateFormat(lang, true).format(new Date(seconds * 1000));
}

export function formatDate(seconds: number, lang: Language): string {
  return dateFormat(lang, false).format(new Date(seconds * 1000));
}

/** A duration in seconds as m:ss (or h:mm:ss), for countdowns. */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}
