// The log's entry formats (docs/transparency.md) and the arithmetic that settles an order, written again here from
// the published rules rather than imported: a verifier that shared the platform's arithmetic would agree with
// its mistakes.

/** Canonical JSON: keys sorted by UTF-16 code unit, no whitespace, strings as JSON.stringify writes them. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

export type OrderPlaced = {
  type: 'order_placed';
  v: 1;
  order_id: number;
  user: string;
  product: string;
  direction: 'up' | 'down';
  stake: string;
  fee: string;
  terms: { seconds: number; payout_pct: string; loss_pct: string; fee_pct: string };
  open_second: number;
  open_price: string;
  /** The second-source rule the order was placed under (absent: none). */
  reference?: { source: string; tolerance_pct: string; max_age_seconds: number };
};
/** An order the second-source rule voided: stake and fee refunded. */
export type OrderVoided = {
  type: 'order_voided';
  v: 1;
  order_id: number;
  settle_second: number;
  price_second: number;
  settle_price: string;
  reason: 'disagree' | 'missing';
  refund: string;
  journal_id: number;
};
/** The second source's price of a second: its last trade at or before it (price null: none within the age). */
export type ReferencePrice = {
  type: 'reference_price';
  v: 1;
  product: string;
  second: number;
  source: string;
  price: string | null;
  trade_second: number | null;
  trade_id: string | null;
};
export type OrderSettled = {
  type: 'order_settled';
  v: 1;
  order_id: number;
  settle_second: number;
  price_second: number;
  settle_price: string;
  result: 'win' | 'loss' | 'draw';
  payout: string;
  journal_id: number;
};
export type PriceSecond = {
  type: 'price_second';
  v: 1;
  symbol: string;
  second: number;
  price: string;
  source: string;
  step?: number;
  trade_id?: string | null;
};
export type TermsChanged = { type: 'terms_changed'; v: 1; subject: string; at: number } & Record<string, unknown>;
export type Entry =
  OrderPlaced | OrderSettled | OrderVoided | PriceSecond | ReferencePrice | TermsChanged | { type: string; v: number };

const KNOWN: Record<string, number[]> = {
  order_placed: [1],
  order_settled: [1],
  order_voided: [1],
  price_second: [1],
  reference_price: [1],
  terms_changed: [1],
  liabilities_root: [1],
};

/** An entry's bytes parsed, or why they are not an entry this verifier can read (a version it does not know). */
export function parseEntry(data: string): { entry: Entry } | { problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return { problem: 'not JSON' };
  }
  if (canonical(value) !== data) return { problem: 'not canonical JSON (its bytes are not the one encoding)' };
  const e = value as { type?: unknown; v?: unknown };
  if (typeof e.type !== 'string' || typeof e.v !== 'number') return { problem: 'no type or version' };
  // A version nobody documented is refused, never guessed at.
  if (KNOWN[e.type] && !KNOWN[e.type]!.includes(e.v)) return { problem: `unknown version ${e.v} of ${e.type}` };
  return { entry: value as Entry };
}

/** A decimal string as an integer at `scale` decimals: ("80.00", 2) -> 8000n. */
export function decimalUnits(s: string, scale: number): bigint {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(s);
  if (!m) throw new Error(`not a decimal: ${s}`);
  const fraction = (m[3] ?? '').padEnd(scale, '0');
  if (fraction.length > scale) throw new Error(`more than ${scale} decimals: ${s}`);
  const units = BigInt(m[2]! + fraction);
  return m[1] ? -units : units;
}

const cents = (s: string) => decimalUnits(s, 2);
const formatCents = (v: bigint) => {
  const neg = v < 0n;
  const d = (neg ? -v : v).toString().padStart(3, '0');
  return `${neg ? '-' : ''}${d.slice(0, -2)}.${d.slice(-2)}`;
};
const decimalsOf = (s: string) => (s.split('.')[1] ?? '').length;

/** Up wins above the open price, down below it; the same price is a draw (docs/transparency.md). */
export function resultOf(direction: 'up' | 'down', open: string, settle: string): 'win' | 'loss' | 'draw' {
  const scale = Math.max(decimalsOf(open), decimalsOf(settle));
  const o = decimalUnits(open, scale);
  const s = decimalUnits(settle, scale);
  if (s === o) return 'draw';
  return s > o === (direction === 'up') ? 'win' : 'loss';
}

/**
 * The published payout rules: the fee rounds up to the cent, the profit on a win rounds down, the part lost on a
 * loss rounds up (so every figure is the one charged, and the rounding never favours the platform unseen).
 */
export function payoutOf(placed: OrderPlaced, result: 'win' | 'loss' | 'draw') {
  const stake = cents(placed.stake);
  const bp = (pct: string) => decimalUnits(pct, 2);
  const fee = (stake * bp(placed.terms.fee_pct) + 9_999n) / 10_000n;
  const profit = (stake * bp(placed.terms.payout_pct)) / 10_000n;
  const lost = (stake * bp(placed.terms.loss_pct) + 9_999n) / 10_000n;
  const payout = result === 'win' ? stake + profit : result === 'loss' ? stake - lost : stake;
  return { fee: formatCents(fee), profit: formatCents(profit), lost: formatCents(lost), payout: formatCents(payout) };
}

export type Problem = { check: string; detail: string };

/**
 * Re-derives an order's settlement from its logged entries alone: the settle second from the open second and the
 * period, both prices from their logged price seconds, the result from the direction, and fee and payout from the
 * logged terms. Every disagreement is one problem; none means the log's record of the order adds up.
 */
export function checkSettlement(
  placed: OrderPlaced,
  settled: OrderSettled | null,
  openPrice: PriceSecond | null,
  settlePrice: PriceSecond | null,
): Problem[] {
  const out: Problem[] = [];
  const expect = (check: string, ok: boolean, detail: string) => {
    if (!ok) out.push({ check, detail });
  };
  const figures = payoutOf(placed, 'draw');
  expect('fee', figures.fee === placed.fee, `fee ${placed.fee}, the terms give ${figures.fee}`);
  if (openPrice) {
    expect(
      'open_price',
      openPrice.symbol === placed.product && openPrice.second === placed.open_second,
      `the open price entry is ${openPrice.symbol} at ${openPrice.second}, the order opened on ${placed.product} at ${placed.open_second}`,
    );
    expect(
      'open_price',
      openPrice.price === placed.open_price,
      `open price ${placed.open_price}, the recorded second says ${openPrice.price}`,
    );
  }
  if (!settled) return out;
  expect('order', settled.order_id === placed.order_id, `settlement of ${settled.order_id} for ${placed.order_id}`);
  const due = placed.open_second + placed.terms.seconds;
  expect('settle_second', settled.settle_second === due, `settled at ${settled.settle_second}, due at ${due}`);
  expect(
    'settle_second',
    settled.price_second <= settled.settle_second,
    `a price from ${settled.price_second}, after the settle second ${settled.settle_second}`,
  );
  if (settlePrice) {
    expect(
      'settle_price',
      settlePrice.symbol === placed.product && settlePrice.second === settled.price_second,
      `the settle price entry is ${settlePrice.symbol} at ${settlePrice.second}, the settlement used ${placed.product} at ${settled.price_second}`,
    );
    expect(
      'settle_price',
      settlePrice.price === settled.settle_price,
      `settle price ${settled.settle_price}, the recorded second says ${settlePrice.price}`,
    );
  }
  const result = resultOf(placed.direction, placed.open_price, settled.settle_price);
  expect(
    'result',
    result === settled.result,
    `${placed.direction} from ${placed.open_price} to ${settled.settle_price} is a ${result}, logged as a ${settled.result}`,
  );
  const payout = payoutOf(placed, settled.result).payout;
  expect(
    'payout',
    payout === settled.payout,
    `payout ${settled.payout}, the terms give ${payout} on a ${settled.result}`,
  );
  return out;
}

/**
 * The published second-source rule, applied again from the log: an order placed under it must have the second
 * source's price of its open and settle seconds logged; it is void when either is missing (or older than the
 * rule's age) or differs from the recorded price by more than the tolerance (|ref - recorded| * 10000 >
 * tolerance_bp * recorded, exact). A settled order that should have been void, or a void that should have settled,
 * is a problem; so is a refund other than stake + fee.
 */
export function checkReference(
  placed: OrderPlaced,
  outcome: OrderSettled | OrderVoided,
  openRef: ReferencePrice | null,
  settleRef: ReferencePrice | null,
): Problem[] {
  const out: Problem[] = [];
  const rule = placed.reference;
  if (!rule) {
    if (outcome.type === 'order_voided')
      out.push({ check: 'void', detail: `voided, but the order was placed under no second-source rule` });
    return out;
  }
  const tolerance = decimalUnits(rule.tolerance_pct, 2);
  const judge = (what: string, recorded: string, second: number, ref: ReferencePrice | null): string | null => {
    if (!ref) {
      out.push({ check: 'reference', detail: `no second-source price of the ${what} second ${second} is logged` });
      return null;
    }
    if (ref.product !== placed.product || ref.second !== second) {
      out.push({ check: 'reference', detail: `the ${what} second-source entry is ${ref.product} at ${ref.second}` });
      return null;
    }
    if (ref.price === null || ref.trade_second === null) return `no second-source trade at the ${what}`;
    if (ref.trade_second > second || ref.trade_second < second - rule.max_age_seconds)
      return `the second source's ${what} trade is from ${ref.trade_second}, outside ${second - rule.max_age_seconds}..${second}`;
    const scale = Math.max(decimalsOf(recorded), decimalsOf(ref.price));
    const a = decimalUnits(recorded, scale);
    const b = decimalUnits(ref.price, scale);
    const gap = a > b ? a - b : b - a;
    // tolerance is in hundredths of a percent: basis points.
    if (gap * 10_000n > tolerance * a)
      return `at the ${what} the second source says ${ref.price}, the record ${recorded}: more than ${rule.tolerance_pct} % apart`;
    return null;
  };
  const settlePrice = outcome.settle_price;
  const reasons = [
    judge('open', placed.open_price, placed.open_second, openRef),
    judge('settle', settlePrice, outcome.settle_second, settleRef),
  ].filter((r): r is string => r !== null);
  if (out.length) return out;
  if (outcome.type === 'order_settled' && reasons.length)
    out.push({ check: 'void', detail: `settled as a ${outcome.result}, but the rule voids it: ${reasons[0]}` });
  if (outcome.type === 'order_voided') {
    if (!reasons.length)
      out.push({ check: 'void', detail: `voided, but both sources agree within ${rule.tolerance_pct} %` });
    const refund = formatCents(cents(placed.stake) + cents(placed.fee));
    if (outcome.refund !== refund)
      out.push({ check: 'refund', detail: `refund ${outcome.refund}, a void returns stake and fee: ${refund}` });
  }
  return out;
}
