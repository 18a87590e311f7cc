/**
 * Text a user writes (names, card holder, bank, payer, notes, support messages, leader profiles) is shown to
 * other people and printed in operators' terminals. Control characters there can rewrite an operator's
 * terminal (ESC, OSC, BEL), and bidi overrides and isolates (U+202A-202E, U+2066-2069) can make a name or
 * an amount read differently from what is stored. Both are removed before validation; a single-line field
 * turns line breaks and tabs into spaces, a multi-line one keeps its line feeds.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const UNSAFE_TEXT = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;

export function cleanUserText(value: string, options: { multiline?: boolean } = {}): string {
  const breaksNormalised = value.replace(/\r\n?/g, '\n');
  const spaced = options.multiline ? breaksNormalised.replace(/\t/g, ' ') : breaksNormalised.replace(/[\t\n]/g, ' ');
  return spaced.replace(UNSAFE_TEXT, '').trim();
}

export const cleanUserLine = (value: string) => cleanUserText(value);
export const cleanUserParagraphs = (value: string) => cleanUserText(value, { multiline: true });

/**
 * Whether two written names are one person's name as people write it: case, spaces, dots, a middle dot and dashes
 * do not make them differ ("Wang Wu", "wang·wu", "WANGWU"). The risk rule on a holder who is not the verified name
 * and the console's mark beside the holder use this one comparison.
 */
export function sameWrittenName(a: string, b: string): boolean {
  const norm = (s: string) =>
    s
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[\s·.・-]+/g, '');
  return norm(a) === norm(b);
}
