import { describe, expect, it } from 'vitest';
import {
  cnIdCheckChar,
  isPassportShape,
  isValidBirthDate,
  isValidCnResidentId,
  isValidRealName,
  maskDocumentNumber,
  normaliseDocumentNumber,
} from './id-document.ts';

const today = new Date('2026-11-23T00:00:00Z');

describe('mainland China resident ID', () => {
  it('computes the ISO 7064 MOD 11-2 check character', () => {
    // The GB 11643-1999 example and well-known published samples.
    expect(cnIdCheckChar('11010519491231002')).toBe('X');
    expect(cnIdCheckChar('44052418800101001')).toBe('4');
    expect(cnIdCheckChar('11010119900307763')).toBe('5');
  });

  it('accepts valid numbers, lower-case x included', () => {
    expect(isValidCnResidentId('11010519491231002X', today)).toBe(true);
    expect(isValidCnResidentId('11010519491231002x', today)).toBe(true);
    expect(isValidCnResidentId('440524188001010014', today)).toBe(false); // born before 1900
    expect(isValidCnResidentId('110101199003077635', today)).toBe(true);
  });

  it('refuses a wrong check character, length, leading zero or letters', () => {
    expect(isValidCnResidentId('110105194912310021', today)).toBe(false);
    expect(isValidCnResidentId('11010519491231002', today)).toBe(false);
    expect(isValidCnResidentId('11010519491231002XX', today)).toBe(false);
    expect(isValidCnResidentId('010105194912310021', today)).toBe(false);
    expect(isValidCnResidentId('1101051949123100AX', today)).toBe(false);
  });

  it('refuses an impossible or future birth date even with a matching check character', () => {
    const withCheck = (first17: string) => first17 + cnIdCheckChar(first17);
    expect(isValidCnResidentId(withCheck('11010519490230002'), today)).toBe(false); // 30 February
    expect(isValidCnResidentId(withCheck('11010519491331002'), today)).toBe(false); // month 13
    expect(isValidCnResidentId(withCheck('11010518991231002'), today)).toBe(false); // before 1900
    expect(isValidCnResidentId(withCheck('11010520270101002'), today)).toBe(false); // future
    expect(isValidCnResidentId(withCheck('11010520000229002'), today)).toBe(true); // leap day
    expect(isValidCnResidentId(withCheck('11010519000229002'), today)).toBe(false); // 1900 is no leap year
  });

  it('checks birth dates', () => {
    expect(isValidBirthDate('20261123', today)).toBe(true);
    expect(isValidBirthDate('20261124', today)).toBe(false);
    expect(isValidBirthDate('2026112', today)).toBe(false);
  });
});

describe('passport numbers, names and masking', () => {
  it('accepts passport shapes and refuses others', () => {
    expect(isPassportShape('E12345678')).toBe(true);
    expect(isPassportShape('C01X00T47')).toBe(true);
    expect(isPassportShape('123456')).toBe(true);
    expect(isPassportShape('ABCDEFGH')).toBe(false); // no digit
    expect(isPassportShape('E1234')).toBe(false); // too short
    expect(isPassportShape('E123456789')).toBe(false); // too long
    expect(isPassportShape('E1234567!')).toBe(false);
  });

  it('normalises spaces, dashes and case', () => {
    expect(normaliseDocumentNumber(' e123-456 78 ')).toBe('E12345678');
  });

  it('checks names per document type', () => {
    expect(isValidRealName('cn_id', '张三')).toBe(true);
    expect(isValidRealName('cn_id', '买买提·艾力')).toBe(true);
    expect(isValidRealName('cn_id', '张')).toBe(false);
    expect(isValidRealName('cn_id', 'Zhang San')).toBe(false);
    expect(isValidRealName('passport', 'Anna-Lena O’Brien'.replace('’', "'"))).toBe(true);
    expect(isValidRealName('passport', 'José Müller')).toBe(true);
    expect(isValidRealName('passport', 'R2D2')).toBe(false);
    expect(isValidRealName('passport', 'A')).toBe(false);
  });

  it('masks all but the first and last characters', () => {
    expect(maskDocumentNumber('11010519491231002X')).toBe('1101**********002X');
    expect(maskDocumentNumber('E12345678')).toBe('E1*****78');
  });
});
