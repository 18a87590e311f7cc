import { afterCursor, nextCursor, offsetOf, type PageInput } from '../../platform/db/keyset.ts';
import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import {
  COIN_SCALE,
  formatMoney,
  formatPrice,
  parseMoney,
  type Assets,
  type ExchangeQuote,
  type ExchangeRecord,
  type ExchangeRecordList,
} from '@app/contracts';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { once, requestHash } from '../../platform/idempotency/idempotency.service.ts';
import { balancesOf, postJournal, houseAccount, houseShard, userAccount } from '../ledger/index.ts';
import { centsFor, coinsFor, priceAt, usdtCoinProducts } from '../market/index.ts';
import { totalAssets } from '../users/index.ts';
import { bpToPct, loadSettings } from './wallet-settings.ts';
import { exchangeQuotes, exchanges } from './wallet.table.ts';
import { countUpToCap } from '../../platform/db/capped-count.ts';

/** A recorded price older than this is not offered: the feed is not running for the coin. */
const MAX_PRICE_AGE_SECONDS = 10;

/** The crypto products quoted in USDT; cash (USD) and USDT are taken one to one. */
export async function coinProducts(db: DbOrTx) {
  const rows = await usdtCoinProducts(db);
  return rows.map((p) => ({ coin: p.symbol.split('/')[0]!, product: p }));
}

async function coinProduct(db: DbOrTx, coin: string) {
  const found = (await coinProducts(db)).find((c) => c.coin === coin);
  if (!found) throw new AppError('product_not_found', { field: 'coin' });
  return found.product;
}

const divCeil = (a: bigint, b: bigint) => (a + b - 1n) / b;

function toQuote(q: typeof exchangeQuotes.$inferSelect, now: number, simulated: boolean): ExchangeQuote {
  return {
    id: q.id,
    direction: q.direction as ExchangeQuote['direction'],
    coin: q.coin,
    price: formatPrice(q.price, q.pricePrecision),
    price_time: q.priceTime,
    cash_amount: formatMoney(q.cashAmount),
    coin_amount: formatMoney(q.coinAmount, COIN_SCALE),
    fee: formatMoney(q.fee),
    fee_pct: bpToPct(q.feeBp),
    expires_at: q.expiresAt,
    valid_seconds: Math.max(0, q.expiresAt - now),
    simulated,
  };
}

/**
 * A quote at the latest recorded price, stored and held for the configured 10-15 s. buy: `amount` is the
 * cash spent (fee included); sell: `amount` is coins, the cash received is after the fee.
 */
export async function createQuote(
  db: Db,
  input: { userId: number; direction: 'buy' | 'sell'; coin: string; amount: string; now: number; simulated: boolean },
): Promise<ExchangeQuote> {
  const settings = await loadSettings(db);
  const product = await coinProduct(db, input.coin);
  const tick = await priceAt(db, product.id, input.now);
  if (!tick || tick.ts < input.now - MAX_PRICE_AGE_SECONDS) throw new AppError('price_unavailable');
  const bp = BigInt(settings.exchangeFeeBp);
  let cash: bigint;
  let coins: bigint;
  let fee: bigint;
  if (input.direction === 'buy') {
    const spend = parseMoney(input.amount);
    if (spend === null || spend <= 0n) throw new AppError('invalid_request', { field: 'amount' });
    fee = divCeil(spend * bp, 10_000n);
    coins = coinsFor(spend - fee, tick.price, product.precision);
    cash = spend;
  } else {
    const sold = parseMoney(input.amount, COIN_SCALE);
    if (sold === null || sold <= 0n) throw new AppError('invalid_request', { field: 'amount' });
    const gross = centsFor(sold, tick.price, product.precision);
    fee = divCeil(gross * bp, 10_000n);
    coins = sold;
    cash = gross - fee;
  }
  if (coins <= 0n || cash <= 0n) throw new AppError('invalid_request', { field: 'amount' });
  // No price is held for more than the user has: the refusal comes before the quote, not at execution.
  const from = userAccount(input.userId, 'available', input.direction === 'buy' ? 'USD' : input.coin);
  const have = (await balancesOf(db, [from])).get(from) ?? 0n;
  if ((input.direction === 'buy' ? cash : coins) > have) {
    throw new AppError('exchange_over_balance', {
      field: 'amount',
      params:
        input.direction === 'buy'
          ? { available: formatMoney(have), unit: 'U' }
          : { available: formatMoney(have, COIN_SCALE), unit: input.coin },
    });
  }
  const [row] = await db
    .insert(exchangeQuotes)
    .values({
      id: randomBytes(16).toString('base64url'),
      userId: input.userId,
      direction: input.direction,
      coin: input.coin,
      productId: product.id,
      price: tick.price,
      pricePrecision: product.precision,
      priceTime: tick.ts,
      cashAmount: cash,
      coinAmount: coins,
      fee,
      feeBp: settings.exchangeFeeBp,
      expiresAt: input.now + settings.quoteSeconds,
    })
    .returning();
  return toQuote(row!, input.now, input.simulated);
}

/** Executes a held quote at its own price, once, before it expires; anything else is "quote expired". */
export async function executeQuote(
  db: Db,
  input: { userId: number; quoteId: string; key: string; now: number },
): Promise<ExchangeRecord> {
  const hash = requestHash('wallet.exchange', { q: input.quoteId });
  const answer = await once(
    db,
    { userId: input.userId, key: input.key, scope: 'wallet.exchange', hash },
    async (tx) => {
      const [q] = await tx
        .select()
        .from(exchangeQuotes)
        .where(and(eq(exchangeQuotes.id, input.quoteId), eq(exchangeQuotes.userId, input.userId)))
        .for('update');
      if (!q || q.usedAt || input.now > q.expiresAt) throw new AppError('quote_expired');
      await tx.update(exchangeQuotes).set({ usedAt: new Date() }).where(eq(exchangeQuotes.id, q.id));
      const [row] = await tx
        .insert(exchanges)
        .values({
          userId: q.userId,
          quoteId: q.id,
          direction: q.direction,
          coin: q.coin,
          price: q.price,
          pricePrecision: q.pricePrecision,
          cashAmount: q.cashAmount,
          coinAmount: q.coinAmount,
          fee: q.fee,
        })
        .returning();
      const id = row!.id;
      const cashAccount = userAccount(q.userId, 'available');
      const coinAccount = userAccount(q.userId, 'available', q.coin);
      const kind = `exchange_${q.direction}`;
      const memo = { exchange: id, price: formatPrice(q.price, q.pricePrecision) };
      if (q.direction === 'buy') {
        const cash = [{ from: cashAccount, to: houseAccount('exchange'), amount: q.cashAmount - q.fee }];
        if (q.fee > 0n) cash.push({ from: cashAccount, to: houseShard('fees', q.userId), amount: q.fee });
        await postJournal(tx, { reference: `exchange:${id}:cash`, kind, transfers: cash, memo });
        await postJournal(tx, {
          reference: `exchange:${id}:coin`,
          kind,
          transfers: [{ from: houseAccount('exchange', q.coin), to: coinAccount, amount: q.coinAmount }],
          memo,
        });
      } else {
        await postJournal(tx, {
          reference: `exchange:${id}:coin`,
          kind,
          transfers: [{ from: coinAccount, to: houseAccount('exchange', q.coin), amount: q.coinAmount }],
          memo,
        });
        const cash = [{ from: houseAccount('exchange'), to: cashAccount, amount: q.cashAmount + q.fee }];
        if (q.fee > 0n) cash.push({ from: cashAccount, to: houseShard('fees', q.userId), amount: q.fee });
        await postJournal(tx, { reference: `exchange:${id}:cash`, kind, transfers: cash, memo });
      }
      return toExchangeRecord(row!);
    },
  );
  return answer.value;
}

export function toExchangeRecord(r: typeof exchanges.$inferSelect): ExchangeRecord {
  return {
    id: r.id,
    direction: r.direction as ExchangeRecord['direction'],
    coin: r.coin,
    price: formatPrice(r.price, r.pricePrecision),
    cash_amount: formatMoney(r.cashAmount),
    coin_amount: formatMoney(r.coinAmount, COIN_SCALE),
    fee: formatMoney(r.fee),
    created_at: Math.floor(r.createdAt.getTime() / 1000),
  };
}

export async function exchangeRecords(db: DbOrTx, userId: number, q: PageInput): Promise<ExchangeRecordList> {
  const filter = eq(exchanges.userId, userId);
  const rows = await db
    .select()
    .from(exchanges)
    .where(and(filter, afterCursor(exchanges.id, q)))
    .orderBy(desc(exchanges.id))
    .limit(q.size)
    .offset(offsetOf(q));
  const counted = await countUpToCap(db, exchanges, filter);
  return {
    items: rows.map(toExchangeRecord),
    ...counted,
    page: q.page,
    next: nextCursor(rows, q.size),
  };
}

/**
 * Cash and every coin, each coin valued in U at its latest recorded price; `total_value` is total assets, the one
 * money picture (plans included), so Exchange says what Mine and Home say.
 */
export async function assets(
  db: DbOrTx,
  userId: number,
  at: { now: number; tz: string },
  simulated: boolean,
): Promise<Assets> {
  const now = at.now;
  const settings = await loadSettings(db);
  const coins = await coinProducts(db);
  const codes = [
    userAccount(userId, 'available'),
    userAccount(userId, 'frozen'),
    ...coins.map((c) => userAccount(userId, 'available', c.coin)),
  ];
  const balances = await balancesOf(db, codes);
  const available = balances.get(codes[0]!)!;
  const frozen = balances.get(codes[1]!)!;
  const items = [];
  for (const { coin, product } of coins) {
    const amount = balances.get(userAccount(userId, 'available', coin))!;
    const tick = await priceAt(db, product.id, now);
    const value = tick ? centsFor(amount, tick.price, product.precision) : null;
    items.push({
      coin,
      symbol: product.symbol,
      amount: formatMoney(amount, COIN_SCALE),
      price: tick ? formatPrice(tick.price, product.precision) : null,
      value: value === null ? null : formatMoney(value),
    });
  }
  return {
    cash: { available: formatMoney(available), frozen: formatMoney(frozen) },
    coins: items,
    total_value: (await totalAssets(db, userId, now, at.tz)).total,
    fee_pct: bpToPct(settings.exchangeFeeBp),
    quote_seconds: settings.quoteSeconds,
    simulated,
  };
}
