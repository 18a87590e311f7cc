/**
 * Checks of identity documents, pure and synchronous. A mainland China resident ID (GB 11643-1999) has 17
 * digits and an ISO 7064 MOD 11-2 check character (0-9 or X), with the holder's birth date at positions 7-14.
 * A passport number is checked for shape only (ICAO 9303: up to 9 letters and digits).
 */
export type DocumentType = 'cn_id' | 'passport';

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARS = '10X98765432';

/** The ISO 7064 MOD 11-2 check character of 17 digits. */
export function cnIdCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * WEIGHTS[i]!;
  return CHECK_CHARS[sum % 11]!;
}

/** True for a real calendar date between 1900-01-01 and `today` (UTC date). */
export function isValidBirthDate(yyyymmdd: string, today = new Date()): boolean {
  if (!/^\d{8}$/.test(yyyymmdd)) return false;
  const y = Number(yyyymmdd.slice(0, 4));
  const m = Number(yyyymmdd.slice(4, 6));
  const d = Number(yyyymmdd.slice(6, 8));
  if (y < 1900 || m < 1 || m > 12 || d < 1) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return false;
  return date.getTime() <= Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
}

/** An 18-character resident ID: region digits, a valid birth date and the right check character. */
export function isValidCnResidentId(value: string, today = new Date()): boolean {
  const id = value.toUpperCase();
  if (!/^[1-9]\d{16}[\dX]$/.test(id)) return false;
  if (!isValidBirthDate(id.slice(6, 14), today)) return false;
  return cnIdCheckChar(id.slice(0, 17)) === id[17];
}

/** A passport number's shape: 6 to 9 letters and digits, with at least one digit. */
export function isPassportShape(value: string): boolean {
  return /^[A-Z0-9]{6,9}$/.test(value) && /\d/.test(value);
}

/** The canonical form that is checked, hashed and stored: no spaces, upper case. */
export function normaliseDocumentNumber(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}

export function isValidDocumentNumber(type: DocumentType, normalised: string, today = new Date()): boolean {
  return type === 'cn_id' ? isValidCnResidentId(normalised, today) : isPassportShape(normalised);
}

/**
 * A real name: Chinese characters (with the middle dot of transliterated names) for a resident ID; letters,
 * spaces, apostrophes, hyphens and dots for a passport.
 */
export function isValidRealName(type: DocumentType, name: string): boolean {
  if (type === 'cn_id') return /^[\p{Script=Han}][\p{Script=Han}·•]{1,29}$/u.test(name);
  return /^\p{L}[\p{L}\p{M} .'·-]{0,58}[\p{L}\p{M}.]$/u.test(name) && !/\s{2}/.test(name);
}

/** Shown everywhere instead of the number: the first and last few characters only. */
export function maskDocumentNumber(normalised: string): string {
  if (normalised.length <= 4) return '*'.repeat(normalised.length);
  const head = normalised.length >= 15 ? 4 : 2;
  const tail = normalised.length >= 15 ? 4 : 2;
  return normalised.slice(0, head) + '*'.repeat(normalised.length - head - tail) + normalised.slice(-tail);
}

/** A name shown to operators' lists and to the user: the family name (first character) and stars. */
export function maskName(name: string): string {
  const chars = [...name];
  if (chars.length <= 1) return name;
  return chars[0] + '*'.repeat(Math.min(chars.length - 1, 8));
}
