import { z } from 'zod';
import type { MessageKey } from './messages.ts';

/**
 * Why an amount a person typed is not one, in the words they need ("Enter an amount in numbers", "The amount must
 * be more than 0"), or null when it is one. The same reasons on the server and in every form: letters, a minus
 * sign, zero or too many decimals each get their own text rather than "Some of the information is not valid".
 */
export function amountTextProblem(text: string, decimals: number, integerDigits = 9): MessageKey | null {
  const value = text.trim();
  if (!value) return 'please_fill_in';
  if (!/^-?\d+(\.\d+)?$/.test(value)) return 'amount_not_number';
  if (value.startsWith('-') || !/[1-9]/.test(value)) return 'amount_not_positive';
  const [whole = '', fraction = ''] = value.split('.');
  if (fraction.length > decimals) return decimals === 2 ? 'amount_too_precise' : 'invalid_request';
  return whole.replace(/^0+(?=\d)/, '').length > integerDigits ? 'invalid_request' : null;
}

/** A decimal amount field of a request body, refused with `amountTextProblem`'s reason. */
export const amountText = (decimals: number, integerDigits = 9) =>
  z
    .string({ error: 'please_fill_in' })
    .trim()
    .superRefine((value, ctx) => {
      const problem = amountTextProblem(value, decimals, integerDigits);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
