import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { approvalListSchema, liveCountsSchema } from '@app/contracts';
import { answers, fileAnswers } from '../../platform/http/answers.ts';
import { currentOperator } from '../../platform/http/operator-auth.ts';
import { approvalsFor, countsFor, readSnapshot, type Snapshot } from './live-counts.ts';

/**
 * A stream lasts a minute, then ends; the browser's EventSource connects again at once, and that new request is
 * checked like any other (a session that ended or a role that changed stops or narrows the stream within a minute).
 */
const STREAM_MS = 60_000;

/**
 * The console's live queues as server-sent events. Each node reads the waiting counts from PostgreSQL on one timer
 * while at least one console listens (not one query per console, and not in-process events: a deposit taken by
 * another node shows as well), and sends each listener its role's counts when they change.
 */
export const adminLiveQueueRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  /** How often a node reads the queues while a console listens: the database is what every node shares. */
  const pollMs = Number(process.env.LIVE_QUEUES_POLL_MS ?? 2000);
  const listeners = new Set<(s: Snapshot) => void>();
  let timer: NodeJS.Timeout | null = null;
  let last: Snapshot | null = null;
  const poll = async () => {
    try {
      last = await readSnapshot(db);
      for (const listen of listeners) listen(last);
    } catch (error) {
      app.log.warn({ err: error }, 'live queues: reading the waiting counts failed');
    }
  };
  const start = () => {
    if (!timer) timer = setInterval(() => void poll(), pollMs);
  };
  const stopIfIdle = () => {
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
      last = null;
    }
  };
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });

  // The same counts once, for a console that cannot keep a stream open (and for the tests).
  app.get(
    '/admin/live/counts',
    { config: { access: 'signed-in' }, schema: { summary: 'Queue counts once', response: answers(liveCountsSchema) } },
    async (request, reply) => reply.ok(countsFor(currentOperator(request), await readSnapshot(db))),
  );

  // What waits for this operator's approval, across deposits, withdrawals, adjustments and held changes.
  app.get(
    '/admin/approvals',
    {
      config: { access: 'signed-in' },
      schema: { summary: 'What waits for my approval', response: answers(approvalListSchema) },
    },
    async (request, reply) => reply.ok({ items: await approvalsFor(db, currentOperator(request)) }),
  );

  app.get(
    '/admin/live',
    {
      config: { access: 'signed-in' },
      // Not a JSON answer: a text/event-stream of `counts` events, each a LiveCounts (the schema of /admin/live/counts).
      schema: {
        summary: 'Live queue counts (server-sent events)',
        response: fileAnswers('A stream of `counts` events, each a LiveCounts', 'text/event-stream'),
      },
    },
    async (request, reply) => {
      const who = currentOperator(request);
      reply.hijack();
      const out = reply.raw;
      out.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      let sent = '';
      const send = (s: Snapshot) => {
        const data = JSON.stringify(countsFor(who, s));
        if (data === sent) return;
        sent = data;
        out.write(`event: counts\ndata: ${data}\n\n`);
      };
      out.write('retry: 1000\n\n');
      send(last ?? (await readSnapshot(db)));
      listeners.add(send);
      start();
      const end = () => {
        listeners.delete(send);
        clearTimeout(lifetime);
        stopIfIdle();
        if (!out.writableEnded) out.end();
      };
      const lifetime = setTimeout(end, STREAM_MS);
      request.raw.on('close', end);
    },
  );
};
