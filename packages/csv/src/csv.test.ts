import { describe, expect, it } from 'vitest';
import { BOM, safeCell, toCsv } from './index.ts';

describe('toCsv', () => {
  it('starts with a byte order mark and ends every line with CRLF, so CJK and Thai headers open in Excel', () => {
    const csv = toCsv(['用户', 'บัญชี'], [['张三', 12]]);
    expect(csv.startsWith(BOM)).toBe(true);
    expect(csv.slice(1)).toBe('用户,บัญชี\r\n张三,12\r\n');
  });

  it('turns a cell a spreadsheet would run as a formula into text', () => {
    const csv = toCsv(['note'], [['=HYPERLINK("http://x")'], ['+1+2'], ['-2+3'], ['@SUM(A1)'], ['\tcmd'], ['\rcmd']]);
    const lines = csv.slice(1).split('\r\n');
    expect(lines.slice(1, 7)).toEqual([
      `"'=HYPERLINK(""http://x"")"`,
      "'+1+2",
      "'-2+3",
      "'@SUM(A1)",
      // A tab or CR inside a cell is quoted as well as guarded.
      `"'\tcmd"`,
      `"'\rcmd"`,
    ]);
  });

  it('leaves signed plain numbers alone so a column of amounts still sums', () => {
    expect(safeCell('-12.50')).toBe('-12.50');
    expect(safeCell(-3)).toBe('-3');
    expect(safeCell('-12.50+1')).toBe("'-12.50+1");
  });

  it('quotes commas, quotes and line breaks inside a cell, and writes nothing for null', () => {
    expect(toCsv(['a', 'b', 'c'], [['x, y', 'say "hi"', null]]).slice(1)).toBe('a,b,c\r\n"x, y","say ""hi""",\r\n');
  });
});
