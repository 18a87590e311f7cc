import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';

// int8 and numeric arrive as strings by default; money columns are int8 and are read as bigint.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => BigInt(v));

/**
 * Queries are built from the tables each module declares (modules/<m>/<m>.table.ts, platform/<p>/<p>.table.ts);
 * the handle carries no schema of its own, so the database code knows no module (drizzle-kit finds the tables
 * by the pattern in drizzle.config.ts).
 */
export type Db = NodePgDatabase;
/** A transaction handle has the same query surface as the database, so repositories take either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type Database = { db: Db; pool: pg.Pool; close: () => Promise<void> };

/** How long the database may take before an operation fails; 0 is no limit. */
export type DbLimits = {
  /** Opening a connection, and waiting for a free one in the pool. */
  connectMs: number;
  /** Server side: a statement running longer is cancelled (SQLSTATE 57014). */
  statementMs: number;
  /** Server side: waiting longer for a lock fails (55P03). */
  lockMs: number;
  /** Server side: a session idle this long inside a transaction is ended, and its transaction rolled back. */
  idleInTransactionMs: number;
  /**
   * Client side: a query with no answer after this fails and its connection is closed. A stalled server (paused,
   * or cut off by the network) still accepts TCP and never answers; only this notices it.
   */
  readMs: number;
};

export const LIMITS = {
  /**
   * The pool that serves users' requests: a request that needs the database answers within 5 s even when the
   * database stalls (it then answers "system busy"). The server cancels a statement before the client gives up
   * on it, so a merely slow statement keeps its connection.
   */
  requests: { connectMs: 2_000, statementMs: 3_000, lockMs: 2_000, idleInTransactionMs: 10_000, readMs: 3_500 },
  /**
   * Jobs, command-line tools, tests and benchmarks: batches of work in short transactions. Generous, so a
   * loaded machine breaks nothing, yet bounded, so a stalled database is noticed and a job backs off.
   */
  work: { connectMs: 10_000, statementMs: 300_000, lockMs: 30_000, idleInTransactionMs: 300_000, readMs: 330_000 },
  /**
   * Migrations, backups and restores: a schema change on a large table, waiting for another node's migration, or
   * copying every row may take long; only opening the connection is bounded.
   */
  longWork: { connectMs: 10_000, statementMs: 0, lockMs: 0, idleInTransactionMs: 0, readMs: 0 },
  /** A connection of its own held for a long time (LISTEN, a leader's advisory lock): only opening it is bounded. */
  session: { connectMs: 5_000, statementMs: 0, lockMs: 0, idleInTransactionMs: 0, readMs: 0 },
} satisfies Record<string, DbLimits>;

/** node-postgres settings for a connection under these limits (a client of its own, or each of a pool's). */
export function clientConfig(url: string, limits: DbLimits, name: string): pg.ClientConfig {
  return {
    connectionString: url,
    application_name: name,
    connectionTimeoutMillis: limits.connectMs || undefined,
    // Sent with the startup message: no round trip per connection.
    statement_timeout: limits.statementMs || undefined,
    lock_timeout: limits.lockMs || undefined,
    idle_in_transaction_session_timeout: limits.idleInTransactionMs || undefined,
    query_timeout: limits.readMs || undefined,
    // A peer that vanished without closing the connection (a host that went down) is noticed by the kernel.
    keepAlive: true,
  };
}

export function connect(
  url: string,
  max = 20,
  { limits = LIMITS.work, name = 'app-server' }: { limits?: DbLimits; name?: string } = {},
): Database {
  const pool = new GuardedPool({
    ...clientConfig(url, limits, name),
    max,
    idleTimeoutMillis: 30_000,
    Client: BoundedClient,
  });
  // A connection dropped by the server (restart, admin kill) is replaced by the pool; do not crash on it.
  pool.on('error', () => {});
  const db = drizzle(pool);
  return { db, pool, close: () => pool.end() };
}

/**
 * A client whose connection is closed when a query timed out on the client side. node-postgres leaves such a
 * connection open with the query still pending on it: handed out again, it would answer nobody, and once the
 * server woke up it could run the next user's statements inside the abandoned transaction (which might then
 * commit half of the first one's writes). Closed, the server rolls that transaction back.
 */
class BoundedClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    // A connection that dies while checked out is reported to its query; without a listener the 'error' event
    // would end the process.
    this.on('error', () => {});
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- forwards every overload of pg's query()
  override query(...args: any[]): any {
    const last: unknown = args.at(-1);
    if (typeof last === 'function') {
      args[args.length - 1] = (error: unknown, result: unknown) => {
        this.closeIfUnanswered(error);
        (last as (e: unknown, r: unknown) => void)(error, result);
      };
      return (super.query as (...a: unknown[]) => unknown)(...args);
    }
    const result = (super.query as (...a: unknown[]) => unknown)(...args);
    if (result && typeof (result as Promise<unknown>).then === 'function')
      (result as Promise<unknown>).then(undefined, (error: unknown) => this.closeIfUnanswered(error));
    return result;
  }

  private closeIfUnanswered(error: unknown) {
    if (error instanceof Error && error.message === 'Query read timeout')
      (this as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
  }
}

type ConnectCallback = (
  err: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

/**
 * A pool whose checked-out clients go back to it when their connection dies, and may be released twice.
 * drizzle's transaction() never releases a client whose BEGIN failed, and releases a client whose connection
 * was lost as if it were sound: each stall would otherwise leak connections until the pool had none left.
 */
class GuardedPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    // pg-pool's own query() checks out with a callback and releases with the query's error itself.
    if (callback) return super.connect(callback);
    return super.connect().then(releasedWhenLost);
  }
}

function releasedWhenLost(client: pg.PoolClient): pg.PoolClient {
  const release = client.release.bind(client);
  let released = false;
  const once = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    client.off('end', lost);
    release(error);
  };
  const lost = () => once(new Error('Connection terminated'));
  client.once('end', lost);
  client.release = once;
  return client;
}
