import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pino from 'pino';
import type { Config } from './platform/config/env.ts';
import { takeOverStopSignals } from './platform/db/embedded.ts';
import { dataDirSecret } from './platform/config/data-dir-secret.ts';
import { unavailablePorts } from './platform/config/listen-ports.mjs';
import { openDatabase } from './platform/db/database.ts';
import { buildApp, readinessOptions } from './app.ts';
import { readiness } from './platform/health/health.routes.ts';
import { buildAdminApp } from './admin-app.ts';
import { OutboxSender } from './platform/messaging/message-sender.ts';
import { prepareDatabase } from './seed/prepare-database.ts';
import { anySimulated, jsonFeedConfig, productLags, TickHub } from './modules/market/index.ts';
import { systemClock } from './platform/time/clock.ts';
import { PriceFeedJob } from './jobs/price-feed.job.ts';
import { SettlementJob } from './jobs/settlement.job.ts';
import { AccrualJob } from './jobs/accrual.job.ts';
import { MaintenanceJob } from './jobs/maintenance.job.ts';
import { Metrics } from './platform/metrics/metrics.ts';
import { AlertsJob } from './jobs/alerts.job.ts';
import { CopyJob } from './jobs/copy.job.ts';
import { LogSequencerJob } from './jobs/log-sequencer.job.ts';
import { LiabilitiesJob } from './jobs/liabilities.job.ts';
import { loadLogSigner } from './modules/transparency/index.ts';
import { pushSetup } from './modules/push/index.ts';
import { PushJob } from './jobs/push.job.ts';

/**
 * One node of the app: the database (embedded or DATABASE_URL), the public and operator APIs, the live-quote hub
 * and the jobs, until SIGTERM. As a worker of a cluster (`worker`), its primary has checked the ports and prepared
 * the database, and hands it DATABASE_URL and ADMIN_TOKEN (see cluster-primary.ts).
 */
export async function runNode(config: Config, log: pino.Logger, worker?: { id: number }): Promise<void> {
  // A port in use is reported before the database starts, not after it (which left it running). A worker of a
  // cluster skips it: its primary checked, and its siblings already listen there.
  if (!worker) {
    const busy = await unavailablePorts();
    if (busy.length > 0) {
      console.error(busy.join('\n'));
      process.exit(1);
    }
  }

  const database = await openDatabase(config, (m) => log.debug({ component: 'postgres' }, m));
  log.info({ embedded: database.embedded, dataDir: config.dataDir }, 'database ready');
  // Every query would fail from then on: exit so that the supervisor starts the whole again.
  database.onLost((reason) => {
    log.fatal(`${reason}; exiting so that the server is started again`);
    process.exit(1);
  });

  // A cluster's primary prepared the database once for all its workers.
  const seeded = worker ? { firstInviteCode: config.firstInviteCode } : await prepareDatabase(database.db, config, log);
  const simulated = await anySimulated(database.db);

  const adminToken =
    config.adminToken ?? dataDirSecret(config.dataDir, 'admin-token', () => randomBytes(32).toString('base64url'));
  const sender = new OutboxSender(database.db, log, config.logSms);
  const hub = new TickHub(database.url, log.child({ component: 'tick-hub' }));
  await hub.start();
  const metrics = new Metrics(
    database.requests.db,
    database.requests.pool,
    () => productLags(database.requests.db, systemClock()),
    {
      ready: async () =>
        (await readiness(database.requests.db, readinessOptions(database.requests.db, hub, systemClock))).failing
          .length === 0,
    },
  );
  const app = await buildApp({ config, db: database.requests.db, sender, logger: log, hub, simulated, metrics });
  const feedJob = new PriceFeedJob({
    db: database.db,
    url: database.url,
    log: log.child({ job: 'price-feed' }),
    backfill: config.backfill,
    sources: {
      binance: config.market.binance,
      json: config.market.json ? jsonFeedConfig(config.market.json) : null,
      okx: config.market.okx,
    },
  });
  const settlementJob = new SettlementJob({ db: database.db, log: log.child({ job: 'settlement' }) });
  // A recorded second wakes settlement at once (the poll stays, for a hub that is away).
  hub.onChange(() => settlementJob.wake());
  const accrualJob = new AccrualJob({
    db: database.db,
    url: database.url,
    tz: config.platformTz,
    log: log.child({ job: 'accrual' }),
  });
  const maintenanceJob = new MaintenanceJob({
    db: database.db,
    url: database.url,
    log: log.child({ job: 'maintenance' }),
  });
  const liabilitiesJob = new LiabilitiesJob({
    db: database.db,
    url: database.url,
    tz: config.platformTz,
    log: log.child({ job: 'liabilities' }),
  });
  const alertsJob = new AlertsJob({ db: database.db, url: database.url, log: log.child({ job: 'alerts' }) });
  const pushJob = new PushJob({
    db: database.db,
    url: database.url,
    sending: { ...pushSetup(config), log: log.child({ job: 'push' }) },
    log: log.child({ job: 'push' }),
  });
  const copyJob = new CopyJob({ db: database.db, tz: config.platformTz, log: log.child({ job: 'copy' }) });
  // Only a node that runs the jobs may sequence, so only it needs (and makes) the log's signing key.
  const logJob = config.jobs
    ? new LogSequencerJob({
        db: database.db,
        url: database.url,
        signer: loadLogSigner(config.dataDir),
        log: log.child({ job: 'log-sequencer' }),
      })
    : null;
  if (config.jobs) {
    logJob!.start();
    copyJob.start();
    alertsJob.start();
    pushJob.start();
    feedJob.start();
    settlementJob.start();
    accrualJob.start();
    maintenanceJob.start();
    liabilitiesJob.start();
  }
  const admin = await buildAdminApp({
    db: database.requests.db,
    token: adminToken,
    logger: log.child({ api: 'admin' }),
    metrics,
    refuseDroppedFields: config.env !== 'production',
    sender,
    tz: config.platformTz,
    dataDir: config.dataDir,
    cookieSecure: config.adminCookieSecure,
  });

  await app.listen({ host: config.host, port: config.port });
  await admin.listen({ host: config.adminHost, port: config.adminPort });
  log.info(
    { url: `http://${config.host}:${config.port}`, admin: `http://${config.adminHost}:${config.adminPort}` },
    `listening; first invitation code ${seeded.firstInviteCode}; admin token in ${config.adminToken ? 'ADMIN_TOKEN' : path.join(config.dataDir, 'admin-token')}`,
  );

  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 20_000);
    force.unref();
    try {
      await Promise.allSettled([
        feedJob.stop(),
        settlementJob.stop(),
        accrualJob.stop(),
        maintenanceJob.stop(),
        liabilitiesJob.stop(),
        alertsJob.stop(),
        pushJob.stop(),
        copyJob.stop(),
        logJob?.stop(),
      ]);
      await Promise.allSettled([app.close(), admin.close(), hub.stop()]);
      await database.shutdown();
      log.info('stopped');
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  }
  // Until here a signal stops the embedded database and exits (its exit hooks); from here the ordered shutdown
  // above stops the jobs, the requests in flight and the hub before it.
  takeOverStopSignals();
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // A worker whose primary is gone has nobody to hand it connections or restart it: it stops too.
  if (worker) process.on('disconnect', () => void shutdown('primary gone'));
}
