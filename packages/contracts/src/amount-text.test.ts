import { describe, expect, it } from 'vitest';
import { amountText, amountTextProblem } from './amount-text.ts';

describe('an amount as typed', () => {
  it('says what is wrong with it: letters, a minus sign, zero, too many decimals', () => {
    expect(amountTextProblem('', 2)).toBe('please_fill_in');
    expect(amountTextProblem('abc', 2)).toBe('amount_not_number');
    expect(amountTextProblem('12a', 2)).toBe('amount_not_number');
    expect(amountTextProblem('1e5', 2)).toBe('amount_not_number');
    expect(amountTextProblem('-50', 2)).toBe('amount_not_positive');
    expect(amountTextProblem('0', 2)).toBe('amount_not_positive');
    expect(amountTextProblem('0.00', 2)).toBe('amount_not_positive');
    expect(amountTextProblem('1.234', 2)).toBe('amount_too_precise');
    expect(amountTextProblem('1234567890', 2)).toBe('invalid_request');
  });

  it('takes a plain decimal, up to the decimals the field allows', () => {
    for (const ok of ['1', '100', '0.5', '49999.99', ' 300 ']) expect(amountTextProblem(ok, 2)).toBeNull();
    expect(amountTextProblem('0.12345678', 8, 12)).toBeNull();
  });

  it('refuses in a body schema with the same key', () => {
    const parsed = amountText(2).safeParse('-5');
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('amount_not_positive');
    expect(amountText(2).parse(' 12.5 ')).toBe('12.5');
  });
});
