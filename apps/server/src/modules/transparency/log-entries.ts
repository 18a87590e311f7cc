import { createHmac, randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { bpToPct, formatMoney } from '@app/contracts';
import type { Db, DbOrTx, Tx } from '../../platform/db/client.ts';
import { pgArray } from '../../platform/db/pg-array.ts';
import { canonicalJson, type Canonical } from './canonical-json.ts';

// The entries of the log and how a flow queues them in its own transaction. Each entry is a public format
// (docs/transparency.md): a field never changes meaning; a new meaning is a new `type` or a new `v`.

/** A price second as an order used it, with the source's id of the trade behind it (null: none recorded). */
export type PriceSecondFact = { symbol: string; second: number; price: string; source: string; tradeId: number | null };

export type OrderPlacedFact = {
  orderId: number;
  userId: number;
  symbol: string;
  direction: string;
  stake: bigint;
  fee: bigint;
  seconds: number;
  payoutBp: number;
  lossBp: number;
  feeBp: number;
  openSecond: number;
  openPrice: string;
  /** The second-source rule the order was placed under (logged only when there is one). */
  reference?: { source: string; toleranceBp: number; maxAgeSeconds: number } | null;
};

/**
 * The second source's price of a second as settlement checked it: its last trade at or before the second and no
 * older than the rule's age (null: none, which voids the order).
 */
export type ReferencePriceFact = {
  symbol: string;
  second: number;
  source: string;
  price: string | null;
  tradeSecond: number | null;
  tradeId: string | null;
};

/** An order the second-source rule voided: its stake and fee returned by journal `journalId`. */
export type OrderVoidedFact = {
  orderId: number;
  settleSecond: number;
  priceSecond: number;
  settlePrice: string;
  reason: 'disagree' | 'missing';
  refund: bigint;
  journalId: number;
};

export type OrderSettledFact = {
  orderId: number;
  /** open second + seconds: the second the order settles on. */
  settleSecond: number;
  /** The recorded second whose price was in effect at settleSecond (itself, or the last one before it). */
  priceSecond: number;
  settlePrice: string;
  result: string;
  payout: bigint;
  journalId: number;
};

export type TermsChangedFact =
  | {
      subject: 'contract_terms';
      at: number;
      symbol: string;
      seconds: number;
      terms: {
        payoutBp: number;
        lossBp: number;
        feeBp: number;
        minStake: bigint;
        maxStake: bigint;
        maxOpenStake: bigint;
        enabled: boolean;
      };
    }
  | { subject: 'trading'; at: number; symbol: string; forbidden: boolean }
  | {
      subject: 'yuebao_flexible';
      at: number;
      terms: { rateBp: number; rates: Array<{ from: string; rateBp: number }>; instantOutDaily: bigint };
    }
  | {
      subject: 'wallet_fees';
      at: number;
      fees: { withdrawFeeBp: number; withdrawFeeMin: bigint; exchangeFeeBp: number };
    }
  | {
      subject: 'reference_rule';
      at: number;
      symbol: string;
      source: string | null;
      toleranceBp: number | null;
      maxAgeSeconds: number;
    }
  | {
      subject: 'plan';
      at: number;
      planId: number;
      slug: string;
      terms: {
        state: string;
        rateBp: number;
        expectedRateBp: number | null;
        earlyExitRateBp: number;
        periodDays: number;
        shareType: string;
        minAmount: bigint;
        startAmount: bigint;
        cap: bigint;
        personalCap: bigint | null;
        committedAmount: bigint | null;
        subscribeFrom: number;
        subscribeTo: number;
      };
    };

type QueuedEntry = { type: string; orderId: number | null; onceKey: string | null; data: string };

const entry = (type: string, body: Record<string, Canonical>) => canonicalJson({ ...body, type, v: 1 });

/**
 * A simulated second's price is the simulator's draw number `second` (see market/simulator.ts); an exchange's is
 * its last trade in that second, named by the source's trade id (a decimal string: ids outgrow JSON's safe
 * integers at some sources), or null when no trade is behind it (a carried second) or the source's history
 * gave the price without one.
 */
function priceSecondEntry(p: PriceSecondFact): QueuedEntry {
  const ref: Record<string, Canonical> =
    p.source === 'simulator' ? { step: p.second } : { trade_id: p.tradeId === null ? null : String(p.tradeId) };
  return {
    type: 'price_second',
    orderId: null,
    onceKey: `price:${p.symbol}:${p.second}`,
    data: entry('price_second', { symbol: p.symbol, second: p.second, price: p.price, source: p.source, ...ref }),
  };
}

/**
 * Each second once per batch (a batch's orders mostly share one): the sequencer drops a second the log already
 * holds. Deduplicated before the entries are built, which is most of what the log costs a placement batch.
 */
function priceSeconds(prices: PriceSecondFact[]): QueuedEntry[] {
  const seen = new Map<string, PriceSecondFact>();
  for (const p of prices) if (!seen.has(`${p.symbol}:${p.second}`)) seen.set(`${p.symbol}:${p.second}`, p);
  return [...seen.values()].map(priceSecondEntry);
}

/** Pseudonyms a process keeps: the users placing now are few next to the orders they place. */
const KEPT_PSEUDONYMS = 100_000;

/** The user as the log names them: HMAC-SHA-256 of their id under the log's pseudonym key (hex). */
export function pseudonymOf(key: PseudonymKey, userId: number): string {
  let name = key.known.get(userId);
  if (name === undefined) {
    name = createHmac('sha256', key.secret).update(`user:${userId}`).digest('hex');
    if (key.known.size >= KEPT_PSEUDONYMS) key.known.clear();
    key.known.set(userId, name);
  }
  return name;
}

export type PseudonymKey = { secret: Buffer; known: Map<number, string> };

const pseudonymKeys = new WeakMap<Db, Promise<PseudonymKey>>();

/**
 * The pseudonym key, made on first use by whichever node comes first (the others read it), and then kept by the
 * process: placing an order costs no round trip for it.
 */
export function pseudonymKeyOf(db: Db): Promise<PseudonymKey> {
  let key = pseudonymKeys.get(db);
  if (!key) {
    key = readPseudonymKey(db);
    key.catch(() => pseudonymKeys.delete(db));
    pseudonymKeys.set(db, key);
  }
  return key;
}

async function readPseudonymKey(db: DbOrTx): Promise<PseudonymKey> {
  const found = await db.execute<{ pseudonym_key: Buffer }>(sql`
    WITH made AS (INSERT INTO log_settings (id, pseudonym_key) VALUES (1, ${randomBytes(32)})
                  ON CONFLICT (id) DO NOTHING RETURNING pseudonym_key)
    SELECT pseudonym_key FROM made UNION ALL SELECT pseudonym_key FROM log_settings WHERE id = 1`);
  return { secret: Buffer.from(found.rows[0]!.pseudonym_key), known: new Map() };
}

/**
 * The INSERT that queues orders placed (real money only) and the price seconds they opened at: the caller runs it
 * as a WITH clause of the statement that writes the orders, so the log costs placement no round trip of its own
 * (a batch's time is its round trips) and commits or rolls back with them.
 */
export function ordersPlacedInsert(key: PseudonymKey, orders: OrderPlacedFact[], prices: PriceSecondFact[]): SQL {
  return insertOf([
    ...priceSeconds(prices),
    ...orders.map((o) => ({
      type: 'order_placed',
      orderId: o.orderId,
      onceKey: null,
      data: entry('order_placed', {
        order_id: o.orderId,
        user: pseudonymOf(key, o.userId),
        product: o.symbol,
        direction: o.direction,
        stake: formatMoney(o.stake),
        fee: formatMoney(o.fee),
        terms: {
          seconds: o.seconds,
          payout_pct: bpToPct(o.payoutBp),
          loss_pct: bpToPct(o.lossBp),
          fee_pct: bpToPct(o.feeBp),
        },
        open_second: o.openSecond,
        open_price: o.openPrice,
        // Absent, not null, for an order without the rule: those entries' bytes are as they always were.
        ...(o.reference
          ? {
              reference: {
                source: o.reference.source,
                tolerance_pct: bpToPct(o.reference.toleranceBp),
                max_age_seconds: o.reference.maxAgeSeconds,
              },
            }
          : {}),
      }),
    })),
  ]);
}

function referencePrices(prices: ReferencePriceFact[]): QueuedEntry[] {
  const seen = new Map<string, ReferencePriceFact>();
  for (const p of prices) if (!seen.has(`${p.symbol}:${p.second}`)) seen.set(`${p.symbol}:${p.second}`, p);
  return [...seen.values()].map((p) => ({
    type: 'reference_price',
    orderId: null,
    onceKey: `ref:${p.symbol}:${p.second}`,
    data: entry('reference_price', {
      product: p.symbol,
      second: p.second,
      source: p.source,
      price: p.price,
      trade_second: p.tradeSecond,
      trade_id: p.tradeId,
    }),
  }));
}

/**
 * The INSERT that queues orders settled or voided, their price seconds and the second source's prices of their
 * open and settle seconds, for a WITH clause of the settling statement.
 */
export function ordersSettledInsert(
  orders: OrderSettledFact[],
  prices: PriceSecondFact[],
  voided: OrderVoidedFact[] = [],
  references: ReferencePriceFact[] = [],
): SQL {
  return insertOf([
    ...priceSeconds(prices),
    ...referencePrices(references),
    ...voided.map((o) => ({
      type: 'order_voided',
      orderId: o.orderId,
      onceKey: null,
      data: entry('order_voided', {
        order_id: o.orderId,
        settle_second: o.settleSecond,
        price_second: o.priceSecond,
        settle_price: o.settlePrice,
        reason: o.reason,
        refund: formatMoney(o.refund),
        journal_id: o.journalId,
      }),
    })),
    ...orders.map((o) => ({
      type: 'order_settled',
      orderId: o.orderId,
      onceKey: null,
      data: entry('order_settled', {
        order_id: o.orderId,
        settle_second: o.settleSecond,
        price_second: o.priceSecond,
        settle_price: o.settlePrice,
        result: o.result,
        payout: formatMoney(o.payout),
        journal_id: o.journalId,
      }),
    })),
  ]);
}

const money = (v: bigint | null) => (v === null ? null : formatMoney(v));
const pct = (v: number | null) => (v === null ? null : bpToPct(v));

/** Terms operators changed (a product's period, a plan), in the transaction of the change. */
export async function logTermsChanged(tx: Tx, changes: TermsChangedFact[]): Promise<void> {
  await queue(
    tx,
    changes.map((c) => ({ type: 'terms_changed', orderId: null, onceKey: null, data: termsChangedData(c) })),
  );
}

/** A change of terms as its entry's bytes: each subject names its own fields (the public shape of the log). */
function termsChangedData(c: TermsChangedFact): string {
  switch (c.subject) {
    case 'trading':
      return entry('terms_changed', { subject: c.subject, at: c.at, product: c.symbol, forbidden: c.forbidden });
    case 'yuebao_flexible':
      return entry('terms_changed', {
        subject: c.subject,
        at: c.at,
        terms: {
          rate_pct: bpToPct(c.terms.rateBp),
          rates: c.terms.rates.map((r) => ({ from: r.from, rate_pct: bpToPct(r.rateBp) })),
          instant_out_daily: formatMoney(c.terms.instantOutDaily),
        },
      });
    case 'wallet_fees':
      return entry('terms_changed', {
        subject: c.subject,
        at: c.at,
        fees: {
          withdraw_fee_pct: bpToPct(c.fees.withdrawFeeBp),
          withdraw_fee_min: formatMoney(c.fees.withdrawFeeMin),
          exchange_fee_pct: bpToPct(c.fees.exchangeFeeBp),
        },
      });
    case 'reference_rule':
      return entry('terms_changed', {
        subject: c.subject,
        at: c.at,
        product: c.symbol,
        source: c.source,
        tolerance_pct: pct(c.toleranceBp),
        max_age_seconds: c.maxAgeSeconds,
      });
    case 'contract_terms':
      return entry('terms_changed', {
        subject: c.subject,
        at: c.at,
        product: c.symbol,
        seconds: c.seconds,
        terms: {
          payout_pct: bpToPct(c.terms.payoutBp),
          loss_pct: bpToPct(c.terms.lossBp),
          fee_pct: bpToPct(c.terms.feeBp),
          min_stake: formatMoney(c.terms.minStake),
          max_stake: formatMoney(c.terms.maxStake),
          max_open_stake: formatMoney(c.terms.maxOpenStake),
          enabled: c.terms.enabled,
        },
      });
    case 'plan':
      return entry('terms_changed', {
        subject: c.subject,
        at: c.at,
        plan_id: c.planId,
        plan: c.slug,
        terms: {
          state: c.terms.state,
          rate_pct: bpToPct(c.terms.rateBp),
          expected_rate_pct: pct(c.terms.expectedRateBp),
          early_exit_rate_pct: bpToPct(c.terms.earlyExitRateBp),
          period_days: c.terms.periodDays,
          share_type: c.terms.shareType,
          min_amount: formatMoney(c.terms.minAmount),
          start_amount: formatMoney(c.terms.startAmount),
          total: formatMoney(c.terms.cap),
          personal_cap: money(c.terms.personalCap),
          committed_amount: money(c.terms.committedAmount),
          subscribe_from: c.terms.subscribeFrom,
          subscribe_to: c.terms.subscribeTo,
        },
      });
  }
}

/**
 * Queued rows in one statement (none for no entries: unnest of empty arrays); they get no leaf index here, so
 * writers never wait on one another for the log.
 */
function insertOf(entries: QueuedEntry[]): SQL {
  // The entries' bytes go as one JSON array: JSON.stringify escapes their quotes natively, several times faster
  // than an array literal's escaping in JS, and the server process is what an order's HTTP path waits on.
  const data = JSON.stringify(entries.map((e) => e.data));
  return sql`
    INSERT INTO log_entries (type, order_id, once_key, data)
    SELECT * FROM unnest(${pgArray(entries.map((e) => e.type))}::text[], ${pgArray(entries.map((e) => e.orderId))}::bigint[],
                         ${pgArray(entries.map((e) => e.onceKey))}::text[],
                         ARRAY(SELECT value FROM json_array_elements_text(${data}::json) WITH ORDINALITY ORDER BY ordinality))`;
}

async function queue(tx: Tx, entries: QueuedEntry[]): Promise<void> {
  if (entries.length) await tx.execute(insertOf(entries));
}

/** A day's proof-of-liabilities root (docs/liabilities.md), in the transaction that publishes it. */
export async function logLiabilitiesRoot(
  tx: Tx,
  root: { day: string; rootHash: string; total: bigint; leaves: number },
): Promise<void> {
  await queue(tx, [
    {
      type: 'liabilities_root',
      orderId: null,
      onceKey: `liabilities:${root.day}`,
      data: entry('liabilities_root', {
        day: root.day,
        root_hash: root.rootHash,
        total: formatMoney(root.total),
        leaves: root.leaves,
      }),
    },
  ]);
}
