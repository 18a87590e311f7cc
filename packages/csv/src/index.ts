import { stringify } from 'csv-stringify/browser/esm/sync';

/**
 * Every CSV file the platform writes (operators' exports, the user's statement, a plan's daily credits) goes
 * through here, so each one opens the same way in a spreadsheet:
 * - a UTF-8 byte order mark, without which Excel reads Chinese, Japanese or Thai headers as mojibake;
 * - CRLF line ends (RFC 4180);
 * - quoting by csv-stringify (commas, quotes, line breaks inside a cell);
 * - a guard against formula injection: a text cell that starts with = + - @ tab or CR is something a
 *   spreadsheet would run, so it gets a leading apostrophe. A plain signed number ("-12.50") is data, not a
 *   formula, and stays as it is so it still sums.
 */
export type CsvCell = string | number | bigint | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

export const BOM = '\ufeff';

/** The text a spreadsheet shows for one cell, with the formula guard applied. */
export function safeCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/** A header line and rows as one CSV document (BOM first, CRLF ends). */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const body = stringify([header.map(safeCell), ...rows.map((row) => row.map(safeCell))], {
    record_delimiter: 'windows',
    // A lone CR or a tab inside a cell is quoted too, so no reader takes it for a line or column break.
    quoted_match: /[\r\n\t]/,
  });
  return BOM + body;
}
