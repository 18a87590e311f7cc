import cluster from 'node:cluster';
import pino from 'pino';
import { loadConfig } from './platform/config/env.ts';
import { loggerOptions } from './platform/logging/logger-options.ts';
import { runPrimary } from './cluster-primary.ts';
import { runNode } from './node-main.ts';
import { LineSink } from './platform/logging/line-sink.ts';
import { accessLinesMayWait } from './platform/http/request-log.ts';

// The server's entry: one process (PROCESSES=1, the default), or a cluster's primary and, in each of its workers,
// the same file again (node:cluster forks this script).
const config = loadConfig();
const worker = cluster.isWorker ? { id: Number(process.env.APP_WORKER ?? cluster.worker!.id) } : undefined;
const log = pino(loggerOptions(config.logLevel) as pino.LoggerOptions, new LineSink(1, accessLinesMayWait)).child(
  worker ? { worker: worker.id } : {},
);

if (!worker && config.processes > 1) await runPrimary(config, log);
else await runNode(config, log, worker);
