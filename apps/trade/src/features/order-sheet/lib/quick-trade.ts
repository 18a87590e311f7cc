import { parseMoney, quoteOrder, type ContractTerms, type OrderQuote } from '@app/contracts';
import { quoteTermsOf } from './order-form.ts';

/**
 * Quick trade for one product: the period and stake the user chose and the terms they read when they turned it
 * on. Kept on this device, per product; off unless the user turned it on.
 */
export type QuickTrade = {
  seconds: number;
  amount: string;
  /** The terms as shown when the user agreed: quick trade stays on only while the product's terms are these. */
  payout_pct: string;
  loss_pct: string;
  fee_pct: string;
};

const key = (symbol: string) => `trade.quick.${symbol}`;

export function readQuickTrade(symbol: string): QuickTrade | null {
  try {
    const raw = localStorage.getItem(key(symbol));
    return raw ? (JSON.parse(raw) as QuickTrade) : null;
  } catch {
    return null;
  }
}

export function saveQuickTrade(symbol: string, value: QuickTrade | null) {
  try {
    if (value) localStorage.setItem(key(symbol), JSON.stringify(value));
    else localStorage.removeItem(key(symbol));
  } catch {
    // Private mode: quick trade stays off, which is the safe side.
  }
}

/**
 * The terms quick trade places at, or null when it must not: the period is gone, the stake is outside its bounds,
 * or the payout, loss or fee differ from what the user agreed to (they read the terms again first).
 */
export function quickTerms(saved: QuickTrade | null, terms: readonly ContractTerms[]): ContractTerms | null {
  if (!saved) return null;
  const term = terms.find((x) => x.seconds === saved.seconds);
  if (!term) return null;
  if (term.payout_pct !== saved.payout_pct || term.loss_pct !== saved.loss_pct || term.fee_pct !== saved.fee_pct)
    return null;
  const stake = parseMoney(saved.amount);
  if (stake === null || stake < parseMoney(term.min_amount)! || stake > parseMoney(term.max_amount)!) return null;
  return term;
}

/** What one order at these terms costs and returns (the same arithmetic the server charges). */
export function quickQuote(amount: string, term: ContractTerms): OrderQuote | null {
  const stake = parseMoney(amount);
  if (stake === null || stake <= 0n) return null;
  return quoteOrder(stake, quoteTermsOf(term));
}
