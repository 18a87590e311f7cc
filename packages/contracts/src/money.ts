/**
 * Money is an integer of minor units inside the system (bigint) and a decimal string on the wire.
 * USD has two minor digits; a coin asset declares its own scale.
 */
export const USD_SCALE = 2;

const DECIMAL = /^(-)?(\d{1,15})(?:\.(\d+))?$/;

/** Parses a decimal string into minor units; null when it is not a number or has too many decimals. */
export function parseMoney(text: string, scale = USD_SCALE): bigint | null {
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  if (fraction.length > scale) return null;
  const units = BigInt(whole! + fraction.padEnd(scale, '0'));
  return sign ? -units : units;
}

/** Formats minor units as a plain decimal string with exactly `scale` decimals ("1234.50"). */
export function formatMoney(units: bigint, scale = USD_SCALE): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = scale > 0 ? '.' + digits.slice(digits.length - scale) : '';
  return (negative ? '-' : '') + whole + fraction;
}
