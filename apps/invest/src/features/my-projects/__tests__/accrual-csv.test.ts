import { describe, expect, it } from 'vitest';
import { accrualCsv, sumCents } from '../lib/accrual-csv.ts';

const headers = { day: 'Day', lot: 'Lot', amount: 'Amount (U)', held: 'Held', total: 'Total' };

describe('the accrual CSV', () => {
  it('lists every credit by day and ends with a total that the lines add up to', () => {
    const list = {
      holding_id: 7,
      total: '0.61',
      items: [
        { day: '2026-11-25', lot_id: 2, amount: '0.07', held: false },
        { day: '2026-11-24', lot_id: 1, amount: '0.27', held: false },
        { day: '2026-11-25', lot_id: 1, amount: '0.27', held: false },
      ],
    };
    const csv = accrualCsv(list, headers);
    expect(csv.startsWith('\ufeff')).toBe(true);
    const lines = csv.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('Day,Lot,Amount (U),Held');
    expect(lines.slice(1, 4)).toEqual(['2026-11-24,1,0.27,0', '2026-11-25,1,0.27,0', '2026-11-25,2,0.07,0']);
    expect(lines[4]).toBe('Total,,0.61,');
    expect(sumCents(lines.slice(1, 4).map((l) => l.split(',')[2]!))).toBe(61n);
  });

  it('quotes a header that contains a comma', () => {
    expect(
      accrualCsv({ holding_id: 1, total: '0.00', items: [] }, { ...headers, amount: 'Betrag, U' }).split('\r\n')[0],
    ).toBe('\ufeffDay,Lot,"Betrag, U",Held');
  });
});
