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

/** The minus of every negative figure on every screen and in every server text: U+2212, not the hyphen. */
export const MINUS_SIGN = '\u2212';

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** A decimal string or number in the language's digits and grouping, negative with U+2212. */
function format(value: string | number, lang: Language, digits: number): string {
  // Intl formats decimal strings exactly, so no float ever touches an amount.
  const intl = numberFormat(lang, digits);
  // Only a negative figure has a minus to replace; for the rest (nearly every price on screen, and a chart's
  // axis asks for dozens each time it draws) one format() is the same text without building the parts.
  const negative = typeof value === 'number' ? value < 0 || Object.is(value, -0) : value.includes('-');
  if (!negative) return intl.format(value as number);
  return intl
    .formatToParts(value as number)
    .map((part) => (part.type === 'minusSign' ? MINUS_SIGN : part.value))
    .join('');
}

/**
 * Money arrives as a decimal string ("1234.5"). "1,234.50 U" in English, "1.234,50 U" in German, "−12.30 U"
 * below zero.
 */
export function formatMoney(amount: string | bigint, lang: Language, digits = 2): string {
  const text = typeof amount === 'bigint' ? amount.toString() : amount.trim();
  return `${DECIMAL.test(text) ? format(text, lang, digits) : '—'} ${MONEY_UNIT}`;
}

/** Plain numbers at a given precision (prices, rates). */
export function formatNumber(value: string | number, lang: Language, digits = 2): string {
  return format(value, lang, digits);
}

/**
 * A price inside a catalogue text, `{{price, price}}`: every recorded digit kept, grouped in the reader's
 * language ("96,010.88", "1.08534"). Anything that is not a decimal (a move's "1.50% / 15′") stays as it is.
 */
export function formatPriceValue(value: unknown, lang: Language): string {
  const text = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
  return DECIMAL.test(text) ? format(text, lang, Math.max(2, text.split('.')[1]?.length ?? 0)) : String(value);
}

/** A price in U as recorded, every recorded digit kept: "96,010.88 U". */
export function formatPrice(price: string, lang: Language): string {
  return formatMoney(price, lang, Math.max(2, price.split('.')[1]?.length ?? 0));
}

/**
 * An amount inside a catalogue text, `{{max, amount}}`: the server's refusals and inbox messages carry decimal
 * strings ("49999.00"), and the text is read in the reader's language ("49.999,00" in German). A value that is
 * not a decimal (a placeholder left unfilled) stays as it is.
 */
export function formatAmountValue(value: unknown, lang: Language): string {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  return DECIMAL.test(text) ? format(text, lang, 2) : String(value);
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
