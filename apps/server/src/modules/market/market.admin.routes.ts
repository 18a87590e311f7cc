import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminContractTermsSchema,
  adminHolidayBodySchema,
  adminHolidayListSchema,
  adminHolidayRemoveSchema,
  adminProductCreateSchema,
  adminProductListSchema,
  adminProductSchema,
  adminProductUpdateSchema,
  formatPrice,
  adminTermsListSchema,
  parseMoney,
  productForbiddenSchema,
  reasonSchema,
  type AdminProduct,
} from '@app/contracts';
import { answers } from '../../platform/http/answers.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { createProduct, proposedTerms, setProductForbidden, setTerms, updateProduct } from './market-admin.service.ts';
import { findProduct, latestTicks, listProducts, progressOf, termsOf, type ProductRow } from './market.repository.ts';
import { isDelayed } from './market-status.ts';
import { addHoliday, listHolidays, refreshHolidays, removeHoliday } from './market-holidays.ts';
import { toTerms } from './terms-view.ts';

const symbolParams = z.object({ symbol: z.string().min(1).max(20) });
const pct = z
  .string()
  .regex(/^\d{1,3}(\.\d{1,2})?$/)
  .transform((v) => Math.round(Number(v) * 100));
const money = z
  .string()
  .transform((v, ctx) => parseMoney(v) ?? (ctx.addIssue({ code: 'custom', message: 'not an amount' }), z.NEVER));

export const termsBodySchema = z.object({
  reason: reasonSchema,
  seconds: z.coerce.number().int().min(5).max(3600),
  payout_pct: pct,
  loss_pct: pct.default(10_000).refine((v) => v <= 10_000),
  fee_pct: pct.default(0).refine((v) => v <= 10_000),
  min_amount: money,
  max_amount: money,
  max_open_amount: money,
  presets: z.array(money).max(8).default([]),
  enabled: z.boolean().default(true),
});

/**
 * Operators set contract terms and may suspend a product ("trading forbidden"). Nothing here can touch
 * a price, a tick, an order or a result.
 */
export const adminMarketRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const product = async (symbol: string) => {
    const found = await findProduct(db, symbol);
    if (!found) throw new AppError('product_not_found');
    return found;
  };

  /** A product as the products screen shows it, with its latest recorded price and whether it is delayed now. */
  const view = async (rows: ProductRow[]) => {
    const [latest, progress] = await Promise.all([latestTicks(db), progressOf(db)]);
    const now = app.now();
    return rows.map((p) => {
      const tick = latest.get(p.id);
      return {
        symbol: p.symbol,
        name: p.name,
        class: p.class as AdminProduct['class'],
        session: p.session,
        forbidden: p.forbidden,
        source: p.source,
        source_symbol: p.sourceSymbol,
        source_pinned: p.sourcePinned,
        simulated: p.simulated,
        precision: p.precision,
        max_price_age_seconds: p.maxPriceAgeSeconds,
        hot: p.hot,
        price: tick ? formatPrice(tick.price, p.precision) : null,
        price_time: tick?.ts ?? null,
        delayed: isDelayed(p, progress.get(p.id)?.lastTrade, now),
      };
    });
  };

  app.get(
    '/admin/products',
    {
      config: { access: 'catalogue.edit' },
      schema: { summary: 'List products', response: answers(adminProductListSchema) },
    },
    async (_request, reply) => reply.ok({ items: await view(await listProducts(db)) }),
  );

  app.post(
    '/admin/products',
    {
      config: { access: 'catalogue.edit' },
      schema: { summary: 'Add a product', body: adminProductCreateSchema, response: answers(adminProductSchema) },
    },
    async (request, reply) => {
      const row = await createProduct(db, request.body, {
        operator: request.operator,
        reason: request.body.reason,
        ip: request.ip,
      });
      return reply.ok((await view([row]))[0]!, 'operation_succeeded');
    },
  );

  app.post(
    '/admin/products/:symbol',
    {
      config: { access: 'catalogue.edit' },
      schema: {
        summary: 'Edit a product',
        params: symbolParams,
        body: adminProductUpdateSchema,
        response: answers(adminProductSchema),
      },
    },
    async (request, reply) => {
      const p = await product(request.params.symbol);
      const row = await updateProduct(db, p, request.body, {
        operator: request.operator,
        reason: request.body.reason,
        ip: request.ip,
      });
      return reply.ok((await view([row]))[0]!, 'operation_succeeded');
    },
  );

  for (const forbidden of [true, false]) {
    const action = forbidden ? 'forbid' : 'allow';
    app.post(
      `/admin/products/:symbol/${action}`,
      {
        config: { access: 'catalogue.edit' },
        schema: {
          summary: forbidden ? 'Suspend trading in a product' : 'Allow trading in a product again',
          params: symbolParams,
          body: z.object({ reason: reasonSchema }),
          response: answers(productForbiddenSchema),
        },
      },
      async (request, reply) => {
        const p = await product(request.params.symbol);
        await setProductForbidden(db, p, forbidden, {
          operator: request.operator,
          reason: request.body.reason,
          ip: request.ip,
        });
        return reply.ok({ symbol: p.symbol, forbidden }, 'operation_succeeded');
      },
    );
  }

  app.get(
    '/admin/products/:symbol/terms',
    {
      config: { access: 'catalogue.edit' },
      schema: { summary: "A product's contract terms", params: symbolParams, response: answers(adminTermsListSchema) },
    },
    async (request, reply) => {
      const p = await product(request.params.symbol);
      return reply.ok({
        symbol: p.symbol,
        items: (await termsOf(db, p.id, false)).map((t) => ({ ...toTerms(t), enabled: t.enabled })),
      });
    },
  );

  app.post(
    '/admin/products/:symbol/terms',
    {
      config: { access: 'catalogue.edit' },
      schema: {
        summary: "Set a product's contract terms",
        params: symbolParams,
        body: termsBodySchema,
        response: answers(adminContractTermsSchema),
      },
    },
    async (request, reply) => {
      const p = await product(request.params.symbol);
      const b = request.body;
      if (b.max_amount < b.min_amount || b.max_open_amount < b.max_amount || b.min_amount <= 0n)
        throw new AppError('invalid_request');
      const { row, held } = await setTerms(db, p, b, { operator: request.operator, reason: b.reason, ip: request.ip });
      if (!held) return reply.ok({ ...toTerms(row!), enabled: row!.enabled }, 'operation_succeeded');
      // Held: the terms still in force; a new period has none, so its proposal answers as not enabled.
      const shown = row ?? { ...proposedTerms(p.id, b), enabled: false };
      return reply.ok({ ...toTerms(shown), enabled: shown.enabled }, 'change_proposed');
    },
  );

  // Exchange holidays: the session is closed all that New York day. Each change is audited.
  await refreshHolidays(db);
  app.get(
    '/admin/holidays',
    {
      config: { access: 'catalogue.edit' },
      schema: { summary: 'List market holidays', response: answers(adminHolidayListSchema) },
    },
    async (_request, reply) => reply.ok({ items: await listHolidays(db) }),
  );
  app.post(
    '/admin/holidays',
    {
      config: { access: 'catalogue.edit' },
      schema: {
        summary: 'Add a market holiday',
        body: adminHolidayBodySchema,
        response: answers(adminHolidayListSchema),
      },
    },
    async (request, reply) => {
      const { reason, ...holiday } = request.body;
      await addHoliday(db, holiday, { operator: request.operator, reason, ip: request.ip });
      return reply.ok({ items: await listHolidays(db) }, 'operation_succeeded');
    },
  );
  app.post(
    '/admin/holidays/remove',
    {
      config: { access: 'catalogue.edit' },
      schema: {
        summary: 'Remove a market holiday',
        body: adminHolidayRemoveSchema,
        response: answers(adminHolidayListSchema),
      },
    },
    async (request, reply) => {
      const { reason, ...holiday } = request.body;
      await removeHoliday(db, holiday, { operator: request.operator, reason, ip: request.ip });
      return reply.ok({ items: await listHolidays(db) }, 'operation_succeeded');
    },
  );
};
