import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { API_HEADERS, noStore, securityHeaders } from './platform/http/security-headers.ts';
import { FrontAnswers } from './platform/http/front-answers.ts';
import { echoRequestId, requestIdOptions } from './platform/http/request-id.ts';
import { accessLog, requestLogging } from './platform/http/request-log.ts';
import { loggerOptions } from './platform/logging/logger-options.ts';
import compress from '@fastify/compress';
import type { IncomingHttpHeaders } from 'node:http';
import { constants as zlib } from 'node:zlib';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireResponseSchemas, responseSerializer } from './platform/http/response-serializer.ts';
import { translate } from '@app/i18n/catalogue';
import type { Config } from './platform/config/env.ts';
import type { Db } from './platform/db/client.ts';
import { envelopePlugin } from './platform/http/envelope.ts';
import { appDeps } from './platform/http/app-deps.ts';
import { systemClock, type Clock } from './platform/time/clock.ts';
import { apiDocs } from './platform/http/api-docs.ts';
import { authenticatePlugin } from './platform/http/authenticate.ts';
import { AppError } from './platform/http/app-error.ts';
import type { MessageSender } from './platform/messaging/message-sender.ts';
import { healthRoutes, type ReadinessOptions } from './platform/health/health.routes.ts';
import { authRoutes, authenticatorRoutes, passkeyRoutes, passwordRoutes, findSession } from './modules/auth/index.ts';
import { userRoutes } from './modules/users/index.ts';
import websocket from '@fastify/websocket';
import { marketRoutes, productLags, streamRoutes, type TickHub } from './modules/market/index.ts';
import { orderRoutes } from './modules/orders/index.ts';
import { webRoutes } from './platform/web/web.routes.ts';
import { uploadRoutes, defaultUploadStore } from './modules/uploads/index.ts';
import { walletRoutes } from './modules/wallet/index.ts';
import { caseRoutes } from './modules/cases/index.ts';
// The risk rules listen to the wallet's submissions: loading the face registers them (modules/risk/index.ts).
import './modules/risk/index.ts';
import { investRoutes } from './modules/invest/index.ts';
import type { Metrics } from './platform/metrics/metrics.ts';
import { pgRateLimitStore } from './platform/rate-limit/pg-rate-limit-store.ts';
import { kycRoutes } from './modules/kyc/index.ts';
import { profileRoutes } from './modules/profile/index.ts';
import { referralRoutes } from './modules/referral/index.ts';
import { securityRoutes } from './modules/security/index.ts';
import { limitRoutes } from './modules/limits/index.ts';
import { practiceRoutes } from './modules/practice/index.ts';
import { pnlRoutes } from './modules/pnl/index.ts';
import { alertRoutes } from './modules/alerts/index.ts';
import { contentRoutes, loadBrand } from './modules/content/index.ts';
import { inboxRoutes } from './modules/inbox/index.ts';
import { noticeRoutes } from './modules/notices/index.ts';
import { realityRoutes } from './modules/reality/index.ts';
import { checkinRoutes } from './modules/checkin/index.ts';
import { guestSupportRoutes, supportRoutes } from './modules/support/index.ts';
import { copyPublicRoutes, copyUserRoutes } from './modules/copy/index.ts';
import { activityRoutes } from './modules/activity/index.ts';
import { transparencyRoutes } from './modules/transparency/index.ts';
import { liabilitiesRoutes } from './modules/liabilities/index.ts';
import { pushRoutes, pushSetup } from './modules/push/index.ts';
import { dataExportRoutes } from './modules/data-export/index.ts';
import { accountClosureRoutes } from './modules/account-closure/index.ts';

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
  clock?: Clock;
  /** The node's Prometheus metrics (served by the admin app); without it requests are not counted. */
  metrics?: Metrics;
};

/** Fastify takes either logger options or a ready logger; tests pass neither and get options. */
export const logging = (logger: FastifyBaseLogger | undefined, level: string): Partial<FastifyServerOptions> =>
  logger ? { loggerInstance: logger } : { logger: loggerOptions(level) };

/** What this node's readiness reads (/api/health/ready, and the server_ready metric). */
export const readinessOptions = (db: Db, hub: TickHub | undefined, now: Clock): ReadinessOptions => ({
  delayedProducts: async () => (await productLags(db, now())).filter((p) => p.delayed).map((p) => p.symbol),
  // A node without the hub serves no live quotes and needs no subscription.
  ...(hub ? { streamListening: () => hub.listening } : {}),
});

/** The user API's calls: everything under /api/ but the page that documents it. */
const isUserApi = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/** A request with a user's token is answered with that user's data: no browser, proxy or CDN may keep it. */
const isSignedInAnswer = (url: string, headers: IncomingHttpHeaders) =>
  headers.token !== undefined && url.startsWith('/api/');

/** The public app: the user API (and, from the web module, the static front end). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const front = new FrontAnswers({
    trustProxy: deps.config.trustProxy,
    requestId: requestIdOptions.genReqId,
    headers: API_HEADERS,
    isPrivate: isSignedInAnswer,
  });
  const app = Fastify({
    ...logging(deps.logger, deps.config.logLevel),
    bodyLimit: 64 * 1024,
    trustProxy: deps.config.trustProxy,
    // Long polling clients and slow phones: a generous but bounded request budget.
    requestTimeout: 60_000,
    ...requestLogging(),
    ...requestIdOptions,
    serverFactory: front.serverFactory,
  }).withTypeProvider<ZodTypeProvider>();
  app.decorate('front', front);
  echoRequestId(app);
  front.reportTo({ access: accessLog(app), recorder: deps.metrics?.requestRecorder });
  deps.metrics?.instrument(app);
  app.addHook('preClose', (done) => {
    front.close();
    done();
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer({ refuseDroppedFields: deps.config.env !== 'production' }));
  requireResponseSchemas(app, isUserApi);

  // What the routes read from the instance: decorated once, before any of them is registered.
  await app.register(appDeps, {
    db: deps.db,
    now: deps.clock ?? systemClock,
    config: deps.config,
    tz: deps.config.platformTz,
    simulated: deps.simulated ?? true,
  });
  await app.register(envelopePlugin);
  await app.register(securityHeaders, {
    isApi: isUserApi,
    page: {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          // The live quotes' WebSocket is this origin's /api/stream: CSP3 matches ws:/wss: of the page's own host to
          // 'self' (Chromium, Firefox, Safari 16 and later), so no WebSocket to another host is allowed.
          connectSrc: ["'self'"],
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
    },
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
  await app.register(authenticatePlugin, { findSession: (token) => findSession(deps.db, token) });
  noStore(app, isSignedInAnswer);
  await app.register(apiDocs);

  await app.register(healthRoutes, { ...readinessOptions(deps.db, deps.hub, app.now), front });
  await app.register(authRoutes, {
    sender: deps.sender,
    perMinute: deps.authRequestsPerMinute ?? deps.config.authRequestsPerMinute,
  });
  await app.register(userRoutes);
  await app.register(passwordRoutes);
  await app.register(authenticatorRoutes);
  await app.register(passkeyRoutes);
  await app.register(marketRoutes, { hub: deps.hub, front });
  await app.register(orderRoutes);
  await app.register(uploadRoutes, { store: defaultUploadStore });
  await app.register(walletRoutes, { store: defaultUploadStore });
  await app.register(caseRoutes, { store: defaultUploadStore });
  await app.register(investRoutes);
  await app.register(kycRoutes);
  await app.register(profileRoutes, { store: defaultUploadStore });
  await app.register(referralRoutes);
  await app.register(securityRoutes);
  await app.register(limitRoutes);
  await app.register(practiceRoutes);
  await app.register(pnlRoutes);
  await app.register(alertRoutes);
  await app.register(contentRoutes, { store: defaultUploadStore });
  await app.register(inboxRoutes);
  await app.register(noticeRoutes);
  await app.register(realityRoutes);
  await app.register(checkinRoutes);
  await app.register(supportRoutes);
  await app.register(guestSupportRoutes, {
    perMinute: deps.authRequestsPerMinute ?? deps.config.authRequestsPerMinute,
  });
  await app.register(copyPublicRoutes);
  await app.register(copyUserRoutes);
  await app.register(activityRoutes);
  await app.register(transparencyRoutes);
  await app.register(liabilitiesRoutes);
  const push = pushSetup(deps.config);
  await app.register(pushRoutes, push);
  await app.register(dataExportRoutes);
  await app.register(accountClosureRoutes);
  if (deps.hub) {
    const hub = deps.hub;
    // In a scope of its own: @fastify/websocket's two hooks then run on /api/stream alone, not on every request.
    await app.register(async (stream) => {
      // The hub writes quotes as frames built once for all clients, uncompressed: no per-client deflate state.
      await stream.register(websocket, { options: { maxPayload: 4096, perMessageDeflate: false } });
      deps.metrics?.countSockets(() => stream.websocketServer.clients.size);
      await stream.register(streamRoutes, { hub });
    });
  }
  await app.register(webRoutes, {
    webDir: deps.config.webDir,
    simulated: app.simulated,
    brand: async () => (await loadBrand(deps.db)).brand_name,
  });
  return app;
}
