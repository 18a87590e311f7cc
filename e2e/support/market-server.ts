import { test as base } from '@playwright/test';
import { bootstrapTeam, changeControl, type OperatorTokens } from './operators.ts';
import { startServer, type Server } from './server.ts';

/** The market server, with its own operators (made when it starts). */
export type MarketServer = Server & { operators: OperatorTokens };

type Envelope<T> = { code: number; msg: string; key: string; data: T };

/** A GET of the public or user API, unwrapped. */
export async function api<T>(base: string, pathAndQuery: string, token?: string): Promise<T> {
  const response = await fetch(`${base}${pathAndQuery}`, { headers: token ? { token } : {} });
  const body = (await response.json()) as Envelope<T>;
  if (body.code !== 200) throw new Error(`${pathAndQuery}: ${body.key} ${body.msg}`);
  return body.data;
}

/**
 * The shortest period an operator may set (5 s), on BTC/USDT with the 30-second period's payout and fee, so the
 * specs that watch an order settle wait seconds, not half a minute. Set through the operator API by the content
 * operator (the catalogue is theirs) and approved by an admin; the prices an order opens and settles at stay the recorded ones.
 */
export const SHORT_PERIOD = 5;

async function addShortPeriod(server: MarketServer) {
  // New payout terms wait for a second operator: the content operator proposes them and an admin approves.
  const body = await changeControl(
    server.adminUrl,
    { maker: server.operators.cole, checker: server.operators.alice },
    `/admin/products/${encodeURIComponent('BTC/USDT')}/terms`,
    {
      reason: 'e2e: a short period so orders settle in seconds',
      seconds: SHORT_PERIOD,
      payout_pct: '80',
      loss_pct: '100',
      fee_pct: '0.5',
      min_amount: '10',
      max_amount: '10000',
      max_open_amount: '50000',
      presets: ['10', '50', '100', '500', '1000'],
    },
  );
  if (body.code !== 200) throw new Error(`setting the ${SHORT_PERIOD}-second terms: ${body.key} ${body.msg}`);
}

/**
 * `test` with a `market` server shared by every trading spec of the worker (one per worker), so the
 * price history is recorded once per run rather than once per file. Its jobs are on (the shared server of
 * global setup runs without them): an order needs the price feed recording seconds and the settlement job.
 */
export const test = base.extend<object, { market: MarketServer }>({
  market: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const started = await startServer({
        name: `market-server-${workerInfo.parallelIndex}`,
        jobs: true,
        // The risk spec signs users in from one public address; requests without the header keep the socket's.
        trustProxy: true,
      });
      try {
        const server: MarketServer = { ...started, operators: await bootstrapTeam(started) };
        await addShortPeriod(server);
        await use(server);
      } finally {
        await started.stop();
      }
    },
    { scope: 'worker', timeout: 300_000 },
  ],
});
export { expect } from '@playwright/test';
