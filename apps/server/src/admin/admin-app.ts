import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { logging } from '../app.ts';
import { echoRequestId, REQUEST_ID_LOG_LABEL, requestIdOptions } from '../plugins/request-id.ts';
import { accessLog } from '../plugins/request-log.ts';
import { securityHeaders } from '../plugins/security-headers.ts';
import formbody from '@fastify/formbody';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../db/client.ts';
import { envelopePlugin } from '../plugins/envelope.ts';
import { operatorGuard } from './admin-auth.ts';
import { adminRoutes } from './admin.routes.ts';
import { adminMarketRoutes } from './admin-market.routes.ts';
import { adminWalletRoutes } from './admin-wallet.routes.ts';
import { adminInvestRoutes } from './admin-invest.routes.ts';
import { adminKycRoutes } from './admin-kyc.routes.ts';
import { adminReferralRoutes } from './admin-referral.routes.ts';
import { adminContentRoutes } from './admin-content.routes.ts';
import { adminCopyRoutes } from './admin-copy.routes.ts';
import { defaultUploadStore } from '../modules/uploads/upload-store.ts';
import type { Metrics } from '../modules/metrics/metrics.ts';

/** The operator API: its own listener (127.0.0.1 by default), a bearer token, no user sessions. */
export async function buildAdminApp(deps: {
  db: Db;
  token: string;
  logger?: FastifyBaseLogger;
  logLevel?: string;
  /** Served at /metrics in Prometheus' text format, behind the same bearer token. */
  metrics?: Metrics;
}): Promise<FastifyInstance> {
  const app = Fastify({
    ...logging(deps.logger, deps.logLevel ?? 'info'),
    bodyLimit: 64 * 1024,
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: REQUEST_ID_LOG_LABEL }),
    ...requestIdOptions,
  }).withTypeProvider<ZodTypeProvider>();
  echoRequestId(app);
  accessLog(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(envelopePlugin);
  await app.register(securityHeaders, {});
  await app.register(formbody);
  app.decorateRequest('operator', '');
  app.addHook('onRequest', operatorGuard(deps.token));
  await app.register(adminRoutes, { db: deps.db });
  await app.register(adminMarketRoutes, { db: deps.db });
  await app.register(adminWalletRoutes, { db: deps.db, store: defaultUploadStore });
  await app.register(adminInvestRoutes, { db: deps.db });
  await app.register(adminKycRoutes, { db: deps.db });
  await app.register(adminReferralRoutes, { db: deps.db });
  await app.register(adminContentRoutes, { db: deps.db });
  await app.register(adminCopyRoutes, { db: deps.db });
  const metrics = deps.metrics;
  if (metrics)
    app.get('/metrics', async (_request, reply) =>
      reply.type(metrics.registry.contentType).send(await metrics.registry.metrics()),
    );
  return app;
}
