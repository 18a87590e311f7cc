import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
} from 'fastify';
import { securityHeaders } from './plugins/security-headers.ts';
import { echoRequestId, REQUEST_ID_LOG_LABEL, requestIdOptions } from './plugins/request-id.ts';
import { accessLog } from './plugins/request-log.ts';
import compress from '@fastify/compress';
import { constants as zlib } from 'node:zlib';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { translate } from '@app/i18n/catalogue';
import type { Config } from './config/env.ts';
import type { Db } from './db/client.ts';
import { envelopePlugin } from './plugins/envelope.ts';
import { apiDocs } from './plugins/api-docs.ts';
import { authenticatePlugin } from './plugins/authenticate.ts';
import { AppError } from './plugins/app-error.ts';
import type { MessageSender } from './modules/messaging/message-sender.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { userRoutes } from './modules/users/users.routes.ts';
import websocket from '@fastify/websocket';
import { marketRoutes } from './modules/market/market.routes.ts';
import { orderRoutes } from './modules/orders/orders.routes.ts';
import { streamRoutes } from './modules/stream/stream.routes.ts';
import type { TickHub } from './modules/stream/tick-hub.ts';
import { webRoutes } from './modules/web/web.routes.ts';
import { uploadRoutes } from './modules/uploads/uploads.routes.ts';
import { defaultUploadStore } from './modules/uploads/upload-store.ts';
import { walletRoutes } from './modules/wallet/wallet.routes.ts';
import { investRoutes } from './modules/invest/invest.routes.ts';
import type { Metrics } from './modules/metrics/metrics.ts';
import { pgRateLimitStore } from './modules/rate-limit/pg-rate-limit-store.ts';
import { kycRoutes } from './modules/kyc/kyc.routes.ts';
import { profileRoutes } from './modules/profile/profile.routes.ts';
import { referralRoutes } from './modules/referral/referral.routes.ts';
import { securityRoutes } from './modules/security/security.routes.ts';
import { practiceRoutes } from './modules/practice/practice.routes.ts';
import { alertRoutes } from './modules/alerts/alerts.routes.ts';
import { contentRoutes } from './modules/content/content.routes.ts';
import { inboxRoutes } from './modules/inbox/inbox.routes.ts';
import { checkinRoutes } from './modules/checkin/checkin.routes.ts';
import { supportRoutes } from './modules/support/support.routes.ts';
import { copyPublicRoutes, copyUserRoutes } from './modules/copy/copy.routes.ts';
import { activityRoutes } from './modules/activity/activity.routes.ts';

export type AppDeps = {
  config: Config;
  db: Db;
  sender: MessageSender;
  logger?: FastifyBaseLogger;
  /** Per address and minute on login, register and SMS; tests that are not about it raise it. */
  authRequestsPerMinute?: number;
  /** Live quotes fan-out; without it /api/stream is not served (tests of other modules). */
  hub?: TickHub;
  /** Whether the prices come from the built-in simulator (shown wherever prices appear). */
  simulated?: boolean;
  /** Seconds since the epoch; tests drive market time with it. */
  clock?: () => number;
  /** The node's Prometheus metrics (served by the admin app); without it requests are not counted. */
  metrics?: Metrics;
};

/** Fastify takes either logger options or a ready logger; tests pass neither and get options. */
export const logging = (logger: FastifyBaseLogger | undefined, level: string): Partial<FastifyServerOptions> =>
  logger ? { loggerInstance: logger } : { logger: loggerOptions(level) };

export const loggerOptions = (level: string): FastifyServerOptions['logger'] => ({
  level,
  // Tokens, passwords and codes never reach the log, wherever they appear.
  redact: {
    paths: [
      'req.headers.token',
      'req.headers.authorization',
      'req.headers.cookie',
      '*.password',
      '*.code',
      '*.token',
      '*.id_number',
    ],
    censor: '[redacted]',
  },
});

/** The public app: the user API (and, from the web module, the static front end). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    ...logging(deps.logger, deps.config.logLevel),
    bodyLimit: 64 * 1024,
    trustProxy: deps.config.trustProxy,
    // Long polling clients and slow phones: a generous but bounded request budget.
    requestTimeout: 60_000,
    // Fastify's own two lines per request (each with the request serialized) give way to the one flat access
    // line below; every failure is also logged by the error handler.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: REQUEST_ID_LOG_LABEL }),
    ...requestIdOptions,
  }).withTypeProvider<ZodTypeProvider>();
  echoRequestId(app);
  accessLog(app);
  deps.metrics?.instrument(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(envelopePlugin);
  await app.register(securityHeaders, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        // The app's service worker (/h5/sw.js) and web app manifest, both from this origin.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // Plain-http deployments (a LAN, a test host) must keep working; TLS is the proxy's job.
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // API answers above 1 KB go out compressed (a quotes list shrinks to a fifth); the web's files are
  // precompressed at build time and only what has no such copy is compressed here. Brotli at quality 5 keeps
  // per-request CPU small.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
  });
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 20 } });
  await app.register(rateLimit, {
    global: false,
    store: pgRateLimitStore(deps.db),
    errorResponseBuilder: (request, context) => {
      const error = new AppError('too_many_requests');
      return Object.assign(error, {
        statusCode: context.statusCode,
        message: translate(request.lang, 'too_many_requests'),
      });
    },
  });
  await app.register(authenticatePlugin, { db: deps.db });
  await app.register(apiDocs);

  await app.register(healthRoutes, { db: deps.db });
  await app.register(authRoutes, {
    db: deps.db,
    sender: deps.sender,
    perMinute: deps.authRequestsPerMinute ?? 10,
    smsDailyCaps: deps.config.smsDailyCaps,
  });
  await app.register(userRoutes, { db: deps.db });
  const simulated = deps.simulated ?? true;
  const clock = deps.clock ? { now: deps.clock } : {};
  await app.register(marketRoutes, { db: deps.db, simulated, hub: deps.hub, ...clock });
  await app.register(orderRoutes, { db: deps.db, simulated, ...clock });
  await app.register(uploadRoutes, { db: deps.db, store: defaultUploadStore });
  await app.register(walletRoutes, {
    db: deps.db,
    store: defaultUploadStore,
    simulated,
    tz: deps.config.platformTz,
    ...clock,
  });
  await app.register(investRoutes, { db: deps.db, tz: deps.config.platformTz, ...clock });
  await app.register(kycRoutes, { db: deps.db, dataDir: deps.config.dataDir });
  await app.register(profileRoutes, { db: deps.db, store: defaultUploadStore });
  await app.register(referralRoutes, { db: deps.db });
  await app.register(securityRoutes, { db: deps.db });
  await app.register(practiceRoutes, { db: deps.db, tz: deps.config.platformTz, ...clock });
  await app.register(alertRoutes, { db: deps.db, ...clock });
  await app.register(contentRoutes, {
    db: deps.db,
    tz: deps.config.platformTz,
    simulated,
    store: defaultUploadStore,
    ...clock,
  });
  await app.register(inboxRoutes, { db: deps.db });
  await app.register(checkinRoutes, { db: deps.db, tz: deps.config.platformTz, ...clock });
  await app.register(supportRoutes, { db: deps.db });
  await app.register(copyPublicRoutes, { db: deps.db, tz: deps.config.platformTz, simulated, ...clock });
  await app.register(copyUserRoutes, { db: deps.db, tz: deps.config.platformTz, simulated, ...clock });
  await app.register(activityRoutes, { db: deps.db });
  if (deps.hub) {
    await app.register(websocket, { options: { maxPayload: 4096 } });
    await app.register(streamRoutes, { db: deps.db, hub: deps.hub });
  }
  await app.register(webRoutes, { webDir: deps.config.webDir, simulated });
  return app;
}
