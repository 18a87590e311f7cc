/**
 * The arithmetic of a contract, shared by the order sheet (to show the terms before confirmation) and
 * the server (to charge and settle), so the two can never disagree by a cent.
 * Rates are basis points (8500 = 85 %); amounts are minor units.
 */
export type QuoteTerms = { payoutBp: number; lossBp: number; feeBp: number };

export type OrderQuote = {
  stake: bigint;
  fee: bigint;
  /** What leaves the available balance at open. */
  debit: bigint;
  /** Returned at settlement on a win (stake + profit). */
  winReturn: bigint;
  /** Returned at settlement on a loss (the part of the stake not lost). */
  lossReturn: bigint;
  expectedProfit: bigint;
  /** Total loss if wrong, fee included (a positive number). */
  expectedLoss: bigint;
};

const share = (amount: bigint, bp: number) => (amount * BigInt(bp)) / 10_000n;

export function quoteOrder(stake: bigint, terms: QuoteTerms): OrderQuote {
  // Fees round up and payouts round down to the cent, both in the open; the figures shown are the
  // figures charged.
  const fee = (stake * BigInt(terms.feeBp) + 9_999n) / 10_000n;
  const profit = share(stake, terms.payoutBp);
  const lost = (stake * BigInt(terms.lossBp) + 9_999n) / 10_000n;
  return {
    stake,
    fee,
    debit: stake + fee,
    winReturn: stake + profit,
    lossReturn: stake - lost,
    expectedProfit: profit - fee,
    expectedLoss: lost + fee,
  };
}

/** Up wins above the open price, down below it; an equal price refunds the stake (the fee is kept). */
export function settleResult(
  direction: 'up' | 'down',
  openPrice: bigint,
  settlePrice: bigint,
): 'win' | 'loss' | 'draw' {
  if (settlePrice === openPrice) return 'draw';
  return settlePrice > openPrice === (direction === 'up') ? 'win' : 'loss';
}

export function settlementReturn(quote: OrderQuote, result: 'win' | 'loss' | 'draw'): bigint {
  return result === 'win' ? quote.winReturn : result === 'loss' ? quote.lossReturn : quote.stake;
}

/** Basis points as a percent string with two decimals: 8500 -> "85.00". */
export function bpToPct(bp: number): string {
  const sign = bp < 0 ? '-' : '';
  const abs = Math.abs(bp);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Integer price units at a precision as a decimal string: (123456, 2) -> "1234.56". */
export function formatPrice(units: bigint, precision: number): string {
  if (precision === 0) return units.toString();
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(precision + 1, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -precision)}.${digits.slice(-precision)}`;
}
