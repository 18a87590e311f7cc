import { toCsv } from '@app/csv';
import type { AccrualList } from '@app/contracts';
import { saveFile } from '@app/app-kit';

/**
 * A holding's daily credits as CSV (the platform's one CSV writer: BOM, CRLF, formula guard): one line per lot
 * and day, amounts as plain decimals in U, and a last line with the total, which equals the sum of the lines
 * (the server's own figure).
 */
export function accrualCsv(
  list: AccrualList,
  headers: { day: string; lot: string; amount: string; held: string; total: string },
): string {
  const sorted = [...list.items].sort((x, y) => (x.day < y.day ? -1 : x.day > y.day ? 1 : x.lot_id - y.lot_id));
  return toCsv(
    [headers.day, headers.lot, headers.amount, headers.held],
    [...sorted.map((a) => [a.day, a.lot_id, a.amount, a.held ? '1' : '0']), [headers.total, '', list.total, '']],
  );
}

/** Sum of decimal strings with two decimals, in cents (for the check that the lines add up). */
export function sumCents(amounts: string[]): bigint {
  return amounts.reduce((s, a) => {
    const [w, f = ''] = a.split('.');
    return s + BigInt(w!) * 100n + BigInt((f + '00').slice(0, 2));
  }, 0n);
}

export function download(filename: string, text: string) {
  saveFile(new Blob([text], { type: 'text/csv;charset=utf-8' }), filename);
}
