/**
 * The log's entry bytes: JSON with object keys sorted (by UTF-16 code unit, as RFC 8785 does), no whitespace, and
 * no number that is not a safe integer (money and prices are decimal strings), so one value has exactly one
 * encoding and a verifier that re-encodes an entry gets the bytes that were hashed.
 */
export type Canonical = string | number | boolean | null | Canonical[] | { [key: string]: Canonical };

export function canonicalJson(value: Canonical): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error(`not a safe integer in a log entry: ${value}`);
    return String(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k]!)}`).join(',')}}`;
}
