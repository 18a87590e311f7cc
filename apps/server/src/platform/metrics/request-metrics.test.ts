import { describe, expect, it } from 'vitest';
import { Counter, Histogram, Registry } from 'prom-client';
import { DURATION_BUCKETS, REQUEST_METRICS, RequestMetrics } from './request-metrics.ts';

/** The same figures counted by prom-client, as the server counted them before request-metrics.ts. */
function promClientMetrics() {
  const registry = new Registry();
  const registers = [registry];
  const requests = new Counter({ ...REQUEST_METRICS.requests, labelNames: ['method', 'route', 'status'], registers });
  const duration = new Histogram({
    ...REQUEST_METRICS.duration,
    labelNames: ['method', 'route'],
    buckets: [...DURATION_BUCKETS],
    registers,
  });
  const rateLimited = new Counter({ ...REQUEST_METRICS.rateLimited, labelNames: ['method', 'route'], registers });
  return {
    record(method: string, route: string, status: number, seconds: number) {
      requests.inc({ method, route, status: String(status) });
      duration.observe({ method, route }, seconds);
      if (status === 429) rateLimited.inc({ method, route });
    },
    text: async () => (await registry.metrics()).trimEnd(),
  };
}

/**
 * A scrape's families in order, each with its lines sorted: Prometheus reads series in any order, and prom-client
 * writes a counter's series in the order each label set first came, where request-metrics.ts groups them by route.
 */
const families = (text: string) => text.split('\n\n').map((family) => family.split('\n').sort());

describe('RequestMetrics', () => {
  it('writes what prom-client writes for the same answers', async () => {
    const ours = new RequestMetrics();
    const theirs = promClientMetrics();
    const answers: [string, string, number, number][] = [
      ['GET', '/api/index/ajaxdata', 200, 0.0004],
      ['GET', '/api/index/ajaxdata', 200, 0.002],
      ['POST', '/api/user/addorder', 200, 0.0071],
      ['GET', '/api/index/ajaxdata', 304, 0.03],
      ['POST', '/api/login/sendcode', 429, 0.001],
      ['POST', '/api/user/addorder', 409, 3.7],
      ['GET', 'unmatched', 404, 0.0001],
      ['POST', '/api/login/sendcode', 200, 0.15],
      ['GET', '/api/a"b\\c', 200, 2.5],
    ];
    for (let round = 0; round < 3; round++)
      for (const [method, route, status, seconds] of answers) {
        ours.record(method, route, status, seconds * (round + 1));
        theirs.record(method, route, status, seconds * (round + 1));
      }
    expect(families(ours.text())).toEqual(families(await theirs.text()));
  });

  it('writes the families with no series before the first answer', async () => {
    expect(new RequestMetrics().text()).toBe(await promClientMetrics().text());
  });
});
