import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  formatPrice,
  goodsSchema,
  klineQuerySchema,
  klineSchema,
  latestPricesQuerySchema,
  latestPricesSchema,
  productListQuerySchema,
  productListSchema,
  productQuoteSchema,
  symbolQuerySchema,
  termsListSchema,
  ticksQuerySchema,
  ticksSchema,
} from '@app/contracts';
import { answers } from '../../platform/http/answers.ts';
import { PREPARED_ROUTE_OPTIONS } from '../../platform/http/prepared-answer.ts';
import { AppError } from '../../platform/http/app-error.ts';
import {
  candlesBefore,
  dayCandle,
  findProduct,
  latestTicks,
  listProducts,
  previousDayClose,
  progressOf,
  recentTicks,
  termsOf,
} from './market.repository.ts';
import { isDelayed, marketStatus } from './market-status.ts';
import { productViews } from './market.service.ts';
import { toTerms } from './terms-view.ts';
import { MarketReads } from './market-reads.ts';
import { refreshHolidays } from './market-holidays.ts';
import type { TickHub } from './tick-hub.ts';
import type { FrontAnswers } from '../../platform/http/front-answers.ts';
import { nextSessionChange, type SessionName } from './trading-sessions.ts';

export type MarketRouteOptions = {
  /** With the node's tick hub, answers are kept in memory between two recorded seconds (see MarketReads). */
  hub?: TickHub;
  /** The server's answers before routing: a read answered once is answered there while it holds. */
  front?: FrontAnswers;
};

/** Public market data: the spec's index group (ajaxdata, getkdata, ajaxpro, getprodata, seconds, goods). */
export const marketRoutes: FastifyPluginAsyncZod<MarketRouteOptions> = async (app, { hub, front }) => {
  const { db, now } = app;
  const reads = new MarketReads(hub, front);
  // This node's trading calendar follows the operators' holiday list (read again every 30 s).
  await refreshHolidays(db);
  const holidays = setInterval(() => void refreshHolidays(db).catch(() => {}), 30_000);
  holidays.unref();
  app.addHook('onClose', async () => clearInterval(holidays));
  const product = async (symbol: string) => {
    const found = await reads.read(`product:${symbol.toUpperCase()}`, () => findProduct(db, symbol));
    if (!found) throw new AppError('product_not_found', { field: 'symbol' });
    return found;
  };
  const latest = () => reads.read('latest', () => latestTicks(db));

  app.get(
    '/api/index/ajaxdata',
    {
      ...PREPARED_ROUTE_OPTIONS,
      schema: {
        summary: 'Latest prices of every product',
        querystring: productListQuerySchema,
        response: answers(productListSchema),
      },
    },
    async (request, reply) => {
      const { class: cls, q } = request.query;
      const needle = q?.toLowerCase();
      return reads.answer(request, reply, `ajaxdata:${cls ?? ''}:${needle ?? ''}`, async () => {
        const rows = (await reads.read('products', () => listProducts(db))).filter(
          (p) =>
            (!cls || p.class === cls) &&
            (!needle || p.symbol.toLowerCase().includes(needle) || p.name.toLowerCase().includes(needle)),
        );
        const items = await productViews(db, now(), rows);
        return { items, simulated: items.some((p) => p.simulated) };
      });
    },
  );

  app.get(
    '/api/index/getkdata',
    {
      ...PREPARED_ROUTE_OPTIONS,
      schema: { summary: 'K-line candles of a product', querystring: klineQuerySchema, response: answers(klineSchema) },
    },
    async (request, reply) => {
      const { symbol, interval, count, before } = request.query;
      const p = await product(symbol);
      return reads.answer(request, reply, `getkdata:${p.id}:${interval}:${count}:${before ?? ''}`, async () => {
        const rows = await candlesBefore(db, p.id, interval, count, before);
        const fmt = (x: bigint) => formatPrice(x, p.precision);
        const candles = rows.map((k) => ({ t: k.t, o: fmt(k.o), h: fmt(k.h), l: fmt(k.l), c: fmt(k.c), v: k.v }));
        return { symbol: p.symbol, interval, candles, simulated: p.simulated, source: p.source };
      });
    },
  );

  app.get(
    '/api/index/ajaxpro',
    {
      ...PREPARED_ROUTE_OPTIONS,
      schema: {
        summary: "One product's latest price and state",
        querystring: latestPricesQuerySchema,
        response: answers(latestPricesSchema),
      },
    },
    async (request, reply) => {
      const wanted = request.query.symbols
        ? new Set(request.query.symbols.split(',').map((s) => s.trim().toUpperCase()))
        : null;
      const key = `ajaxpro:${wanted ? [...wanted].sort().join(',') : ''}`;
      return reads.answer(request, reply, key, async () => {
        const all = await reads.read('products', () => listProducts(db));
        const ticks = await latest();
        const shown = all.filter((p) => !wanted || wanted.has(p.symbol.toUpperCase()));
        const items = shown.flatMap((p) => {
          const tick = ticks.get(p.id);
          return tick ? [{ s: p.symbol, p: formatPrice(tick.price, p.precision), t: tick.ts }] : [];
        });
        return { items, simulated: shown.some((p) => p.simulated) };
      });
    },
  );

  app.get(
    '/api/index/ticks',
    {
      schema: {
        summary: "A product's recorded seconds",
        querystring: ticksQuerySchema,
        response: answers(ticksSchema),
      },
    },
    async (request, reply) => {
      const p = await product(request.query.symbol);
      const last = (await latest()).get(p.id);
      const rows = last ? await recentTicks(db, p.id, request.query.seconds, last.ts) : [];
      return reply.ok({
        symbol: p.symbol,
        items: rows.map((r) => ({ s: p.symbol, p: formatPrice(r.price, p.precision), t: r.ts })),
      });
    },
  );

  app.get(
    '/api/index/getprodata',
    {
      schema: {
        summary: 'Products with their prices, by market',
        querystring: symbolQuerySchema,
        response: answers(productQuoteSchema),
      },
    },
    async (request, reply) => {
      const p = await product(request.query.symbol);
      const tick = (await latest()).get(p.id);
      const day = tick ? await dayCandle(db, p.id, tick.ts) : null;
      const prevClose = tick ? await previousDayClose(db, p.id, tick.ts) : null;
      const fmt = (x: bigint | null | undefined) =>
        x === null || x === undefined ? null : formatPrice(x, p.precision);
      return reply.ok({
        symbol: p.symbol,
        open: fmt(day?.o),
        high: fmt(day?.h),
        low: fmt(day?.l),
        close: fmt(prevClose),
        now: fmt(tick?.price),
        time: tick?.ts ?? null,
        status: marketStatus(p, now()),
        simulated: p.simulated,
        source: p.source,
        delayed: isDelayed(p, (await progressOf(db)).get(p.id)?.lastTrade, now()),
      });
    },
  );

  app.get(
    '/api/index/seconds',
    {
      schema: {
        summary: "A product's contract terms, before ordering",
        querystring: symbolQuerySchema,
        response: answers(termsListSchema),
      },
    },
    async (request, reply) => {
      const p = await product(request.query.symbol);
      return reply.ok({ symbol: p.symbol, items: (await termsOf(db, p.id)).map((t) => toTerms(t, p)) });
    },
  );

  app.get(
    '/api/index/goods',
    { schema: { summary: 'List products', querystring: symbolQuerySchema, response: answers(goodsSchema) } },
    async (request, reply) => {
      const p = await product(request.query.symbol);
      const [view] = await productViews(db, now(), [p]);
      return reply.ok({
        product: view!,
        terms: (await termsOf(db, p.id)).map((t) => toTerms(t, p)),
        session: p.session,
        next_change: p.forbidden ? null : nextSessionChange(p.session as SessionName, now()),
      });
    },
  );
};
