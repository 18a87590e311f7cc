import path from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { logging } from './app.ts';
import { echoRequestId, requestIdOptions } from './platform/http/request-id.ts';
import { accessLog, requestLogging } from './platform/http/request-log.ts';
import { noStore, securityHeaders } from './platform/http/security-headers.ts';
import formbody from '@fastify/formbody';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireResponseSchemas, responseSerializer } from './platform/http/response-serializer.ts';
import type { Db } from './platform/db/client.ts';
import { envelopePlugin } from './platform/http/envelope.ts';
import cookie from '@fastify/cookie';
import { operatorAuth } from './platform/http/operator-auth.ts';
import { apiDocs, operatorApi } from './platform/http/api-docs.ts';
import { appDeps } from './platform/http/app-deps.ts';
import { systemClock } from './platform/time/clock.ts';
import { adminAuditRoutes } from './platform/audit/audit.admin.routes.ts';
import { refusalAudit } from './platform/audit/refusal-audit.ts';
import { adminOutboxRoutes } from './platform/messaging/outbox.admin.routes.ts';
import { adminUserAuditRoutes } from './platform/audit/user-audit.admin.routes.ts';
import { adminLedgerRoutes } from './modules/ledger/index.ts';
import { adminOrderRoutes } from './modules/orders/index.ts';
import { adminSecurityRoutes } from './modules/security/index.ts';
import { adminLimitRoutes } from './modules/limits/index.ts';
import { adminAccountRoutes, checkSecret } from './modules/auth/index.ts';
import { adminInviteRoutes } from './modules/invites/index.ts';
import { adminMarketRoutes } from './modules/market/index.ts';
import { adminUserWalletRoutes, adminWalletRoutes, moneyRecordTargets } from './modules/wallet/index.ts';
import { adminInvestRoutes } from './modules/invest/index.ts';
import { adminKycRoutes, adminUserRealNameRoutes, realNameTargets } from './modules/kyc/index.ts';
import { adminReferralRoutes, adminUserInvitationRoutes } from './modules/referral/index.ts';
import { adminContentRoutes } from './modules/content/index.ts';
import { adminInboxRoutes } from './modules/inbox/index.ts';
import { adminSupportRoutes, adminUserSupportRoutes, supportTargets } from './modules/support/index.ts';
import { adminCopyRoutes } from './modules/copy/index.ts';
import { adminOperatorRoutes, adminSavedViewRoutes, fourEyesStep, resolveOperator } from './modules/operators/index.ts';
import { adminHeldChangeRoutes } from './platform/held-changes/held-changes.admin.routes.ts';
import { adminAdjustmentRoutes } from './modules/adjustments/index.ts';
import { adminLiveQueueRoutes } from './modules/live-queues/index.ts';
import { adminRiskRoutes } from './modules/risk/index.ts';
import { adminHouseRoutes } from './modules/house/index.ts';
import { adminCaseRoutes } from './modules/cases/index.ts';
import { adminSearchRoutes } from './modules/operator-search/index.ts';
import { adminUserNoteRoutes } from './modules/user-notes/index.ts';
import { adminReplyTemplateRoutes } from './modules/reply-templates/index.ts';
import { adminUserActivityRoutes } from './modules/activity/index.ts';
import { defaultUploadStore } from './modules/uploads/index.ts';
import type { Metrics } from './platform/metrics/metrics.ts';
import { repoRoot } from './platform/config/paths.ts';
import { consoleFiles } from './platform/web/console-files.ts';
import { OutboxSender, type MessageSender } from './platform/messaging/message-sender.ts';

const isOperatorApi = (url: string) => url.startsWith('/admin/') && !url.startsWith('/admin/docs');
/** What this port answers that is not a page: the operator API and the metrics (no-store, the API's headers). */
const isApiAnswer = (url: string) => isOperatorApi(url) || url === '/metrics';

/**
 * The operator API: its own listener (127.0.0.1 by default), no user sessions. Every route is reached by an
 * authenticated operator (a console session or a per-operator API token) with the permission the route names;
 * the shared token only makes the first admin and reads the metrics.
 */
export async function buildAdminApp(deps: {
  db: Db;
  token: string;
  logger?: FastifyBaseLogger;
  logLevel?: string;
  /** Served at /metrics in Prometheus' text format, behind the same bearer token. */
  metrics?: Metrics;
  /** Outside production, an answer with a field its schema does not name is an error (see response-serializer). */
  refuseDroppedFields?: boolean;
  /** Where texts to users go (the SMS outbox by default). */
  sender?: MessageSender;
  /** The platform's time zone (PLATFORM_TZ): the house view's "today". */
  tz?: string;
  /** Where the KYC document key is kept (KYC_KEY, when set, is used instead). */
  dataDir?: string;
  /** ADMIN_COOKIE_SECURE: 'always' makes the console's cookie Secure on plain loopback too. */
  cookieSecure?: 'auto' | 'always';
}): Promise<FastifyInstance> {
  const app = Fastify({
    ...logging(deps.logger, deps.logLevel ?? 'info'),
    bodyLimit: 64 * 1024,
    ...requestLogging(),
    ...requestIdOptions,
  }).withTypeProvider<ZodTypeProvider>();
  echoRequestId(app);
  accessLog(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer({ refuseDroppedFields: deps.refuseDroppedFields ?? false }));
  requireResponseSchemas(app, isOperatorApi);
  // The operator app has no configuration or prices of its own: the routes read the database, the clock, and
  // the time zone a user's page shows as the app does (each product names its own price source).
  await app.register(appDeps, { db: deps.db, now: systemClock, tz: deps.tz ?? 'Asia/Shanghai' });
  await app.register(envelopePlugin);
  // The console is served on this port, often over plain http on a private network: no upgrade to https.
  await app.register(securityHeaders, {
    isApi: isApiAnswer,
    page: { contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } } },
  });
  // Every operator API answer is an operator's view (sign-in answers included), and /metrics is private too.
  noStore(app, isApiAnswer);
  await app.register(formbody);
  await app.register(cookie);
  await app.register(operatorAuth, {
    resolve: resolveOperator(deps.db),
    countedCheck: (ip, verify) => checkSecret(deps.db, { counter: `shared-token:${ip}`, ip, perAddress: null }, verify),
    sharedToken: deps.token,
    isApi: isOperatorApi,
    isPublicFile: (url) => url === '/console' || url.startsWith('/console/'),
  });
  await app.register(refusalAudit, { db: deps.db });
  await app.register(apiDocs, { api: operatorApi });
  // The operator console (apps/console): its files are open to anyone, every API call it makes needs a session.
  await app.register(consoleFiles, { root: path.join(repoRoot, 'apps/console/dist') });
  // Each module's operator routes; every change they make is audited (who, when, what and why).
  await app.register(adminOperatorRoutes, { cookieSecure: deps.cookieSecure ?? 'auto' });
  await app.register(adminSavedViewRoutes);
  await app.register(adminHeldChangeRoutes, { fourEyes: fourEyesStep });
  await app.register(adminAdjustmentRoutes);
  await app.register(adminLiveQueueRoutes);
  await app.register(adminRiskRoutes);
  await app.register(adminAccountRoutes, { sender: deps.sender ?? new OutboxSender(deps.db) });
  await app.register(adminOutboxRoutes);
  await app.register(adminInviteRoutes);
  await app.register(adminAuditRoutes);
  await app.register(adminMarketRoutes);
  await app.register(adminWalletRoutes, { store: defaultUploadStore });
  await app.register(adminInvestRoutes);
  await app.register(adminKycRoutes, deps.dataDir ? { dataDir: deps.dataDir } : {});
  await app.register(adminReferralRoutes);
  await app.register(adminContentRoutes);
  await app.register(adminInboxRoutes);
  await app.register(adminSupportRoutes);
  await app.register(adminCopyRoutes);
  await app.register(adminHouseRoutes);
  await app.register(adminCaseRoutes, { store: defaultUploadStore });
  // The console's one search box: each key looked up by the module that keeps it.
  await app.register(adminSearchRoutes);
  await app.register(adminUserNoteRoutes);
  await app.register(adminReplyTemplateRoutes);
  await app.register(adminUserActivityRoutes);
  // One user on one page: each module answers its own part of /admin/users/:id/...
  await app.register(adminUserWalletRoutes);
  await app.register(adminLedgerRoutes);
  await app.register(adminOrderRoutes);
  await app.register(adminSecurityRoutes);
  await app.register(adminLimitRoutes);
  await app.register(adminUserRealNameRoutes);
  await app.register(adminUserSupportRoutes);
  await app.register(adminUserInvitationRoutes);
  await app.register(adminUserAuditRoutes, {
    recordsOf: async (db, userId) =>
      (
        await Promise.all([moneyRecordTargets(db, userId), realNameTargets(db, userId), supportTargets(db, userId)])
      ).flat(),
  });
  const metrics = deps.metrics;
  if (metrics)
    app.get('/metrics', { config: { access: 'shared-token' } }, async (_request, reply) =>
      reply.type(metrics.contentType).send(await metrics.scrape()),
    );
  return app;
}
