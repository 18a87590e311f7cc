/**
 * The request figures of one node: answers by method, route pattern and status, their durations, and the 429s.
 *
 * Every answer is counted, so this runs once per request on every route. prom-client's counters and histograms
 * take a label object per call, validate it and hash it into a key (about 3 µs a request in a profile of the
 * market reads, a few per cent of a cached read). Here a route's figures are found by one string key and counted
 * into plain numbers, and the exposition text is written when Prometheus scrapes, in the text format prom-client
 * writes for the same series (a test compares the two on the same answers).
 */

/** The upper bounds of the duration histogram, in seconds. */
export const DURATION_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1, 2.5] as const;

export const REQUEST_METRICS = {
  requests: {
    name: 'http_requests_total',
    help: 'Requests answered, by method, route pattern and status code',
  },
  duration: {
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by method and route pattern (order placement is POST /api/user/addorder)',
  },
  rateLimited: {
    name: 'http_rate_limited_total',
    help: 'Requests refused with 429 (per-address limits, password throttles, SMS limits), by method and route pattern',
  },
} as const;

/** One method and route pattern's answers since the process started. */
class RouteFigures {
  /** The part of each series' labels this route writes: `method="GET",route="/api/…"`. */
  readonly labels: string;
  readonly statuses = new Map<number, number>();
  /** Answers per bucket, not cumulative; the last counts those slower than every bound. */
  readonly buckets = new Array<number>(DURATION_BUCKETS.length + 1).fill(0);
  sum = 0;
  count = 0;
  rateLimited = 0;

  constructor(method: string, route: string) {
    this.labels = `method="${labelValue(method)}",route="${labelValue(route)}"`;
  }

  record(status: number, seconds: number) {
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
    let bucket = 0;
    while (bucket < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[bucket]!) bucket++;
    this.buckets[bucket]! += 1;
    this.sum += seconds;
    this.count += 1;
    if (status === 429) this.rateLimited += 1;
  }
}

/** As the exposition format escapes a label's value. */
const labelValue = (value: string) => value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');

/** As the exposition format writes a sample's value. */
const sampleValue = (value: number) =>
  Number.isNaN(value) ? 'Nan' : Number.isFinite(value) ? String(value) : value < 0 ? '-Inf' : '+Inf';

const heading = ({ name, help }: { name: string; help: string }, type: string) =>
  `# HELP ${name} ${help.replace(/\\/g, '\\\\').replace(/\n/g, '\\n')}\n# TYPE ${name} ${type}`;

/** Counts one answer of a route: its status, and the seconds from the request's arrival to its answer. */
export type RequestRecorder = (status: number, seconds: number) => void;

export class RequestMetrics {
  private readonly routes = new Map<string, RouteFigures>();

  /** Counts one answer. `seconds`: the time from the request's arrival to its answer. */
  record(method: string, route: string, status: number, seconds: number) {
    this.figures(method, route).record(status, seconds);
  }

  /** What counts a method and route's answers, found once for many of them. */
  recorder(method: string, route: string): RequestRecorder {
    const figures = this.figures(method, route);
    return (status, seconds) => figures.record(status, seconds);
  }

  private figures(method: string, route: string): RouteFigures {
    const key = `${method} ${route}`;
    let figures = this.routes.get(key);
    if (!figures) this.routes.set(key, (figures = new RouteFigures(method, route)));
    return figures;
  }

  /** The three families in Prometheus' text format, each series in the order its route first answered. */
  text(): string {
    const routes = [...this.routes.values()];
    const { requests, duration, rateLimited } = REQUEST_METRICS;
    const counted = [heading(requests, 'counter')];
    for (const r of routes)
      for (const [status, n] of r.statuses) counted.push(`${requests.name}{${r.labels},status="${status}"} ${n}`);
    const timed = [heading(duration, 'histogram')];
    for (const r of routes) {
      let cumulative = 0;
      DURATION_BUCKETS.forEach((bound, i) => {
        cumulative += r.buckets[i]!;
        timed.push(`${duration.name}_bucket{le="${bound}",${r.labels}} ${cumulative}`);
      });
      timed.push(`${duration.name}_bucket{le="+Inf",${r.labels}} ${r.count}`);
      timed.push(`${duration.name}_sum{${r.labels}} ${sampleValue(r.sum)}`);
      timed.push(`${duration.name}_count{${r.labels}} ${r.count}`);
    }
    const limited = [heading(rateLimited, 'counter')];
    for (const r of routes) if (r.rateLimited > 0) limited.push(`${rateLimited.name}{${r.labels}} ${r.rateLimited}`);
    return [counted, timed, limited].map((lines) => lines.join('\n')).join('\n\n');
  }
}
