import pg from 'pg';

/**
 * Session advisory locks name the one node that runs a singleton job. The lock lives on a connection
 * of its own: if that connection dies, PostgreSQL releases the lock and another node takes over.
 */
export class LeaderLock {
  private client: pg.Client | null = null;
  private held = false;

  constructor(
    private readonly url: string,
    private readonly key: number,
  ) {}

  get isHeld() {
    return this.held;
  }

  async tryAcquire(): Promise<boolean> {
    if (this.held) return true;
    try {
      if (!this.client) {
        const client = new pg.Client({ connectionString: this.url, application_name: `leader-${this.key}` });
        client.on('error', () => this.lost());
        client.on('end', () => this.lost());
        await client.connect();
        this.client = client;
      }
      const result = await this.client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [this.key]);
      this.held = result.rows[0]!.ok;
    } catch {
      this.lost();
    }
    return this.held;
  }

  async release(): Promise<void> {
    const client = this.client;
    this.client = null;
    this.held = false;
    await client?.end().catch(() => {});
  }

  private lost() {
    this.held = false;
    const client = this.client;
    this.client = null;
    client?.end().catch(() => {});
  }
}

export const LOCKS = { priceFeed: 727_101 } as const;
