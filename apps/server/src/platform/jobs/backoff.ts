import type { FastifyBaseLogger } from 'fastify';
import { isDatabaseUnavailable } from '../db/unavailable.ts';

const FIRST_MS = 1_000;
const MAX_MS = 30_000;

/**
 * What a job does after a failed pass: waits longer each time (1 s doubling to 30 s) instead of failing again at
 * its usual pace, and resumes its pace after the first pass that succeeds. A database outage is logged when it
 * starts and when it ends, not at every attempt; any other failure at each attempt (so at most twice a minute).
 */
export class Backoff {
  private failures = 0;
  private outage = false;

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly what: string,
  ) {}

  /** The wait before the next pass, for a job that normally waits `normalMs`. */
  delay(normalMs: number): number {
    if (this.failures === 0) return normalMs;
    return Math.max(normalMs, Math.min(MAX_MS, FIRST_MS * 2 ** (this.failures - 1)));
  }

  failed(error: unknown): void {
    this.failures++;
    if (!isDatabaseUnavailable(error)) {
      this.log.error({ err: error }, `${this.what} failed`);
    } else if (!this.outage) {
      this.outage = true;
      this.log.warn({ err: error }, `${this.what}: the database does not answer; retrying with back-off`);
    }
  }

  succeeded(): void {
    if (this.outage) this.log.warn({ failures: this.failures }, `${this.what}: the database answers again; resumed`);
    this.failures = 0;
    this.outage = false;
  }
}
