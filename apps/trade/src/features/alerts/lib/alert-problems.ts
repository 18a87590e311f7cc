import { amountTextProblem } from '@app/contracts';

/** What is wrong with one field of the alert form: a key of the `errors` or the trade namespace. */
export type AlertProblem = { key: string; ns: 'errors' | 'trade' };
export type AlertProblems = Partial<Record<'level' | 'pct' | 'minutes', AlertProblem>>;

/**
 * The alert form's checks, before anything is sent: a level is a price at the product's precision, a move is
 * 0.01-99.99 %, the window whole minutes from 1 to 240 (the server's limits), each wrong value with its own words.
 */
export function alertProblems(
  kind: 'cross' | 'move',
  values: { level: string; pct: string; minutes: string },
  precision: number,
): AlertProblems {
  const said = (key: string): AlertProblem =>
    key === 'invalid_request' ? { key: 'alerts.levelPrecision', ns: 'trade' } : { key, ns: 'errors' };
  if (kind === 'cross') {
    const wrong = amountTextProblem(values.level, precision, 12);
    return wrong ? { level: said(wrong) } : {};
  }
  const found: AlertProblems = {};
  const pct = amountTextProblem(values.pct, 2, 2);
  if (pct === 'please_fill_in' || pct === 'amount_not_number') found.pct = { key: pct, ns: 'errors' };
  else if (pct) found.pct = { key: 'alerts.pctRange', ns: 'trade' };
  const minutes = values.minutes.trim();
  if (!/^\d{1,3}$/.test(minutes) || Number(minutes) < 1 || Number(minutes) > 240)
    found.minutes = { key: 'alerts.minutesRange', ns: 'trade' };
  return found;
}
