import { parseMoney, quoteOrder, type ContractTerms, type OrderQuote, type QuoteTerms } from '@app/contracts';

/** The wire format of an amount: whole units and at most two decimals (the server's own rule). */
const AMOUNT = /^\d{1,9}(\.\d{1,2})?$/;

/** A percent string of the terms ("85.00") as basis points (8500), the unit quoteOrder works in. */
export function percentToBp(pct: string): number {
  const units = parseMoney(pct);
  if (units === null) throw new Error(`not a percent: ${pct}`);
  return Number(units);
}

export function quoteTermsOf(terms: ContractTerms): QuoteTerms {
  return {
    payoutBp: percentToBp(terms.payout_pct),
    lossBp: percentToBp(terms.loss_pct),
    feeBp: percentToBp(terms.fee_pct),
  };
}

/** What is wrong with an amount: a key of the trade namespace and the values its text needs. */
export type AmountProblem =
  | { key: 'amountRequired' }
  | { key: 'amountFormat' }
  | { key: 'amountMin'; min: string }
  | { key: 'amountMax'; max: string }
  | { key: 'balanceShort'; needed: string; available: string };

export type AmountCheck = { stake: bigint | null; quote: OrderQuote | null; problem: AmountProblem | null };

/**
 * Checks an amount against the terms and the available balance, and quotes it with the same arithmetic the
 * server charges with (quoteOrder from contracts), so the fee, the profit and the loss shown before
 * confirmation are the figures of the order. The server checks everything again; this only saves a round trip.
 * `available` is null while the balance is unknown: then the balance is left to the server.
 */
export function checkAmount(text: string, terms: ContractTerms, available: string | null): AmountCheck {
  const value = text.trim();
  if (value === '') return { stake: null, quote: null, problem: { key: 'amountRequired' } };
  if (!AMOUNT.test(value)) return { stake: null, quote: null, problem: { key: 'amountFormat' } };
  const stake = parseMoney(value)!;
  if (stake <= 0n) return { stake: null, quote: null, problem: { key: 'amountFormat' } };
  const quote = quoteOrder(stake, quoteTermsOf(terms));
  const min = parseMoney(terms.min_amount)!;
  const max = parseMoney(terms.max_amount)!;
  if (stake < min) return { stake, quote, problem: { key: 'amountMin', min: terms.min_amount } };
  if (stake > max) return { stake, quote, problem: { key: 'amountMax', max: terms.max_amount } };
  const balance = available === null ? null : parseMoney(available);
  if (balance !== null && quote.debit > balance) {
    return { stake, quote, problem: { key: 'balanceShort', needed: formatMinor(quote.debit), available: available! } };
  }
  return { stake, quote, problem: null };
}

/** Minor units as a decimal string ("1234.50"), for the money formatter. */
export function formatMinor(units: bigint): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** "100.00" -> "100", "10.50" -> "10.5": preset chips fill the field the way a person would type. */
export function presetText(amount: string): string {
  return amount.replace(/\.0+$/, '').replace(/(\.\d*?)0+$/, '$1');
}
