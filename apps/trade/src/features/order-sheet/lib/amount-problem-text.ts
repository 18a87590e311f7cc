import type { TFunction } from 'i18next';
import type { AmountProblem } from './order-form.ts';

/** The inline words for an amount problem, money through the i18n formatter. */
export function amountProblemText(problem: AmountProblem, t: TFunction, money: (amount: string) => string): string {
  switch (problem.key) {
    case 'amountMin':
      return t('sheet.errors.amountMin', { min: money(problem.min) });
    case 'amountMax':
      return t('sheet.errors.amountMax', { max: money(problem.max) });
    case 'balanceShort':
      return t('sheet.errors.balanceShort', { needed: money(problem.needed), available: money(problem.available) });
    default:
      return t(`sheet.errors.${problem.key}`);
  }
}
