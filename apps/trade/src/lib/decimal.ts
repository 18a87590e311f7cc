/**
 * Prices arrive as decimal strings at the product's precision. Comparisons and changes are done on integer
 * units (bigint) so no float rounding can flip an up into a down or a win into a loss on screen.
 */

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/** "93246.92" at precision 2 -> 9324692n; null when the text is not a plain decimal. */
export function toUnits(text: string, precision: number): bigint | null {
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  const digits = fraction.length >= precision ? fraction.slice(0, precision) : fraction.padEnd(precision, '0');
  const units = BigInt(whole! + digits);
  return sign ? -units : units;
}

/** The scale of a decimal string: "1.08450" -> 5. */
export function precisionOf(text: string): number {
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

/** -1, 0 or 1: how price a compares with price b (both decimal strings, any precision). */
export function comparePrices(a: string, b: string): -1 | 0 | 1 {
  const precision = Math.max(precisionOf(a), precisionOf(b));
  const x = toUnits(a, precision);
  const y = toUnits(b, precision);
  if (x === null || y === null || x === y) return 0;
  return x > y ? 1 : -1;
}

/** Integer units back to a decimal string: (-1234n, 2) -> "-12.34". */
export function fromUnits(units: bigint, precision: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(precision + 1, '0');
  const text = precision === 0 ? digits : `${digits.slice(0, -precision)}.${digits.slice(-precision)}`;
  return negative ? `-${text}` : text;
}

/** now - base as a decimal string at the wider precision of the two. */
export function priceDifference(now: string, base: string): string | null {
  const precision = Math.max(precisionOf(now), precisionOf(base));
  const x = toUnits(now, precision);
  const y = toUnits(base, precision);
  if (x === null || y === null) return null;
  return fromUnits(x - y, precision);
}

/**
 * The change from base to now in percent with two decimals, rounded half away from zero ("-0.42"), the way
 * the server reports change_pct. Null when there is no base to compare with.
 */
export function changePercent(now: string, base: string): string | null {
  const precision = Math.max(precisionOf(now), precisionOf(base));
  const x = toUnits(now, precision);
  const y = toUnits(base, precision);
  if (x === null || y === null || y === 0n) return null;
  // Hundredths of a percent: (x - y) / y * 10000, rounded half away from zero.
  const scaled = (x - y) * 10_000n * 2n;
  const half = scaled / y;
  const rounded = (half + (half < 0n ? -1n : 1n)) / 2n;
  return fromUnits(rounded, 2);
}

/** The sign of a decimal string: 1, 0 or -1. */
export function signOf(text: string | null | undefined): -1 | 0 | 1 {
  if (!text) return 0;
  const units = toUnits(text, precisionOf(text));
  if (units === null || units === 0n) return 0;
  return units > 0n ? 1 : -1;
}
