import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../platform/db/client.ts';
import { LeaderLoop } from '../platform/jobs/leader-loop.ts';
import { LOCKS } from '../platform/jobs/leader-lock.ts';
import { sequence, type LogSigner, type SequencePass } from '../modules/transparency/index.ts';

/**
 * The transparency log's sequencer, on the one node that holds its advisory lock: every second it gives the
 * queued entries their leaf indexes, stores the tree's new nodes and signs a head (see modules/transparency), and
 * re-signs the head once a minute when nothing came. An entry is under a signed head within about a second of its
 * commit, a few under a backlog.
 */
export class LogSequencerJob extends LeaderLoop<SequencePass> {
  constructor(options: { db: Db; url: string; signer: LogSigner; log: FastifyBaseLogger; intervalMs?: number }) {
    super({
      url: options.url,
      lockKey: LOCKS.logSequencer,
      intervalMs: options.intervalMs ?? 1_000,
      log: options.log,
      name: 'log sequencer pass',
      pass: (stopped) => sequence(options.db, options.signer, { stopped }),
    });
  }
}
