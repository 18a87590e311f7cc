import os from 'node:os';
import pg from 'pg';
import { clientConfig, LIMITS } from '../db/client.ts';

/** How often a leader's lock connection shows it is alive (pg_stat_activity.state_change; see the job_leader metric). */
export const HEARTBEAT_MS = 5_000;
/** A heartbeat without an answer this long: the connection is given up, with the lock (PostgreSQL frees it). */
const HEARTBEAT_TIMEOUT_MS = 10_000;

/**
 * Session advisory locks name the one node that runs a singleton job. The lock lives on a connection
 * of its own: if that connection dies, PostgreSQL releases the lock and another node takes over.
 */
export class LeaderLock {
  private client: pg.Client | null = null;
  private held = false;
  private heartbeat: NodeJS.Timeout | null = null;

  constructor(
    private readonly url: string,
    private readonly key: number,
  ) {}

  get isHeld() {
    return this.held;
  }

  /** Whether this node leads now; throws when the database cannot be reached (the caller backs off). */
  async tryAcquire(): Promise<boolean> {
    if (this.held) return true;
    try {
      if (!this.client) {
        // Named after the process and node (pid first: PostgreSQL cuts a name at 63 bytes), so pg_stat_activity tells
        // an operator, and the cluster test, who leads.
        const name = `leader-${this.key} ${process.pid}@${os.hostname()}`;
        const client = new pg.Client(clientConfig(this.url, LIMITS.session, name));
        // Only this connection's own loss counts: a closed predecessor's late 'end' must not drop its successor.
        const lost = () => this.client === client && this.lost();
        client.on('error', lost);
        client.on('end', lost);
        this.client = client;
        await client.connect();
      }
      const result = await this.client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [this.key]);
      this.held = result.rows[0]!.ok;
      if (this.held) this.beat(this.client);
    } catch (error) {
      this.lost();
      throw error;
    }
    return this.held;
  }

  async release(): Promise<void> {
    const client = this.client;
    this.client = null;
    this.held = false;
    this.stopBeating();
    await client?.end().catch(() => {});
  }

  /**
   * A statement on the lock's connection every few seconds while it is held: other nodes read it as the leader's
   * heartbeat, and a connection that stopped answering is noticed here, not at the next pass (an hour later for
   * some jobs). Giving it up lets another node lead.
   */
  private beat(client: pg.Client) {
    this.stopBeating();
    this.heartbeat = setTimeout(() => {
      let timer: NodeJS.Timeout | undefined;
      const silent = new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('no heartbeat answer')), HEARTBEAT_TIMEOUT_MS);
      });
      void Promise.race([client.query('SELECT 1'), silent])
        .finally(() => clearTimeout(timer))
        .then(
          () => this.client === client && this.held && this.beat(client),
          () => this.client === client && this.lost(),
        );
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  private stopBeating() {
    if (this.heartbeat) clearTimeout(this.heartbeat);
    this.heartbeat = null;
  }

  private lost() {
    this.held = false;
    this.stopBeating();
    const client = this.client;
    this.client = null;
    // With a query still waiting for an answer, end() closes the socket at once.
    client?.end().catch(() => {});
  }
}

/** Every job leader's advisory lock key, in one place: no two collide, and the metrics report on each. */
export const LOCKS = {
  priceFeed: 727_101,
  accrual: 727_301,
  maintenance: 727_501,
  logSequencer: 727_601,
  liabilities: 727_701,
  alerts: 728_200,
  push: 728_300,
} as const;

/** The jobs that run on one node of the cluster, by the names the metrics give them. */
export const SINGLETON_JOBS: Record<string, number> = {
  'price-feed': LOCKS.priceFeed,
  accrual: LOCKS.accrual,
  alerts: LOCKS.alerts,
  push: LOCKS.push,
  maintenance: LOCKS.maintenance,
  'log-sequencer': LOCKS.logSequencer,
};

/** Three missed heartbeats (and some slack): a leader this silent is gone, though its lock may not be free yet. */
export const LEADER_STALE_SECONDS = (3 * HEARTBEAT_MS) / 1000 + 5;
