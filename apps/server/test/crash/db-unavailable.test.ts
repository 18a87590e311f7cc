import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { connect, LIMITS, type Database } from '../../src/platform/db/client.ts';
import { testPort } from '../helpers/test-port.ts';
import { isDatabaseUnavailable } from '../../src/platform/db/unavailable.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

/**
 * A TCP relay to the test database that can stall: paused, it accepts connections and bytes and answers nothing,
 * as a SIGSTOPped PostgreSQL does; resumed, it delivers what it held, then any close that happened meanwhile.
 */
async function stallingRelay(target: URL) {
  let paused = false;
  const held: Array<() => void> = [];
  const later = (deliver: () => void) => (paused ? held.push(deliver) : deliver());
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    client.on('data', (b) => later(() => upstream.write(b)));
    upstream.on('data', (b) => later(() => client.write(b)));
    client.on('close', () => later(() => upstream.end()));
    upstream.on('close', () => later(() => client.destroy()));
    client.on('error', () => {});
    upstream.on('error', () => {});
  });
  const port = await testPort();
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  const url = new URL(target);
  url.port = String(port);
  url.hostname = '127.0.0.1';
  return {
    url: url.toString(),
    pause: () => (paused = true),
    resume: () => {
      paused = false;
      held.splice(0).forEach((deliver) => deliver());
    },
    close: () => new Promise((r) => server.close(r)),
  };
}

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ seed: false });
  await t.db.execute(sql`CREATE TABLE stall_rows (name text PRIMARY KEY)`);
});
afterAll(async () => t.drop());

const errorOf = async (work: Promise<unknown>): Promise<unknown> =>
  work.then(
    () => null,
    (error: unknown) => error,
  );

describe('isDatabaseUnavailable', () => {
  it('recognises the shapes node-postgres, pg-pool and drizzle give a database that is away or slow', () => {
    const pg = (code: string) => Object.assign(new Error('pg'), { code });
    const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1\nparams: '), { cause });
    for (const error of [
      pg('57014'),
      pg('55P03'),
      pg('57P01'),
      pg('57P02'),
      pg('57P03'),
      pg('08006'),
      pg('08001'),
      pg('53300'),
      pg('ECONNREFUSED'),
      pg('ECONNRESET'),
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated due to connection timeout'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Query read timeout'),
      new Error('Client has encountered a connection error and is not queryable'),
      wrapped(new Error('Query read timeout')),
      wrapped(wrapped(pg('57014'))),
      new AggregateError([pg('ECONNREFUSED'), pg('ECONNREFUSED')], ''),
    ])
      expect(isDatabaseUnavailable(error), String((error as Error).message)).toBe(true);
  });

  it('leaves refusals, bugs and non-errors alone', () => {
    const pg = (code: string) => Object.assign(new Error('pg'), { code });
    const circular: { cause?: unknown } = new Error('loop');
    circular.cause = circular;
    for (const error of [
      pg('23505'),
      pg('23514'),
      pg('40001'),
      pg('40P01'),
      pg('22P02'),
      pg('FST_ERR_VALIDATION'),
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      Object.assign(new Error('Failed query'), { cause: pg('23505') }),
      circular,
      null,
      undefined,
      'Connection terminated',
      42,
    ])
      expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('recognises the errors a real server gives: statement and lock timeouts, a refused connection', async () => {
    const limited = connect(t.url, 2, { limits: { ...LIMITS.requests, statementMs: 200, lockMs: 200 } });
    const holder = await t.pool.connect();
    try {
      expect(isDatabaseUnavailable(await errorOf(limited.db.execute(sql`SELECT pg_sleep(2)`)))).toBe(true);
      expect(isDatabaseUnavailable(await errorOf(limited.db.execute(sql`SELECT nonsense FROM stall_rows`)))).toBe(
        false,
      );
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE stall_rows');
      expect(isDatabaseUnavailable(await errorOf(limited.db.execute(sql`SELECT * FROM stall_rows`)))).toBe(true);
    } finally {
      await holder.query('ROLLBACK');
      holder.release();
      await limited.close();
    }
    const closed = new URL(t.url);
    closed.port = String(await testPort());
    const nowhere = connect(closed.toString(), 1, { limits: LIMITS.requests });
    expect(isDatabaseUnavailable(await errorOf(nowhere.db.execute(sql`SELECT 1`)))).toBe(true);
    await nowhere.close();
  });
});

describe('a pool whose database stalls', () => {
  let relay: Awaited<ReturnType<typeof stallingRelay>>;
  let database: Database;
  beforeAll(async () => {
    relay = await stallingRelay(new URL(t.url));
    // One connection: whatever the pool hands out next is the connection the stall hit.
    database = connect(relay.url, 1, { limits: { ...LIMITS.requests, readMs: 500, connectMs: 500 } });
  });
  afterAll(async () => {
    relay.resume();
    await database.close();
    await relay.close();
  });

  it('fails a query in time, and never commits half of a transaction the stall cut off', async () => {
    const cut = database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO stall_rows VALUES ('first half')`);
      relay.pause();
      await tx.execute(sql`INSERT INTO stall_rows VALUES ('second half')`);
    });
    const started = Date.now();
    expect(isDatabaseUnavailable(await errorOf(cut))).toBe(true);
    expect(Date.now() - started).toBeLessThan(2_000);
    // A transaction whose BEGIN gets no answer gives its connection back too.
    expect(isDatabaseUnavailable(await errorOf(database.db.transaction(async () => {})))).toBe(true);

    relay.resume();
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO stall_rows VALUES ('next request')`);
    });
    const rows = await t.db.execute<{ name: string }>(sql`SELECT name FROM stall_rows ORDER BY name`);
    expect(rows.rows.map((r) => r.name)).toEqual(['next request']);
    expect(database.pool.totalCount).toBeLessThanOrEqual(1);
  });
});
