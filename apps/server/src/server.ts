import cluster from 'node:cluster';
import pino from 'pino';
import { loadConfig } from './platform/config/env.ts';
import { loggerOptions } from './app.ts';
import { runPrimary } from './cluster-primary.ts';
import { runNode } from './node-main.ts';

// The server's entry: one process (PROCESSES=1, the default), or a cluster's primary and, in each of its workers,
// the same file again (node:cluster forks this script).
const config = loadConfig();
const worker = cluster.isWorker ? { id: Number(process.env.APP_WORKER ?? cluster.worker!.id) } : undefined;
const log = pino(loggerOptions(config.logLevel) as pino.LoggerOptions).child(worker ? { worker: worker.id } : {});

if (!worker && config.processes > 1) await runPrimary(config, log);
else await runNode(config, log, worker);
