import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminContractTermsSchema,
  adminProductListSchema,
  adminTermsListSchema,
  parseMoney,
  productForbiddenSchema,
  reasonSchema,
} from '@app/contracts';
import { answers } from '../../platform/http/answers.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { setProductForbidden, setTerms } from './market-admin.service.ts';
import { findProduct, listProducts, termsOf } from './market.repository.ts';
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

  app.get(
    '/admin/products',
    { config: { access: 'catalogue.edit' }, schema: { response: answers(adminProductListSchema) } },
    async (_request, reply) => {
      const rows = await listProducts(db);
      return reply.ok({
        items: rows.map((p) => ({
          symbol: p.symbol,
          name: p.name,
          class: p.class,
          session: p.session,
          forbidden: p.forbidden,
        })),
      });
    },
  );

  for (const forbidden of [true, false]) {
    const action = forbidden ? 'forbid' : 'allow';
    app.post(
      `/admin/products/:symbol/${action}`,
      {
        config: { access: 'catalogue.edit' },
        schema: {
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
    { config: { access: 'catalogue.edit' }, schema: { params: symbolParams, response: answers(adminTermsListSchema) } },
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
      schema: { params: symbolParams, body: termsBodySchema, response: answers(adminContractTermsSchema) },
    },
    async (request, reply) => {
      const p = await product(request.params.symbol);
      const b = request.body;
      if (b.max_amount < b.min_amount || b.max_open_amount < b.max_amount || b.min_amount <= 0n)
        throw new AppError('invalid_request');
      const saved = await setTerms(db, p, b, { operator: request.operator, reason: b.reason, ip: request.ip });
      return reply.ok({ ...toTerms(saved), enabled: saved.enabled }, 'operation_succeeded');
    },
  );
};
