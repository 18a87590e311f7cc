import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Language } from '@app/contracts';
import type { FrontAnswers } from '../../platform/http/front-answers.ts';
import {
  bodyKey,
  preparedBody,
  sendPrepared,
  type Encoding,
  type PreparedBody,
} from '../../platform/http/prepared-answer.ts';
import type { TickHub } from './tick-hub.ts';

type Entry = { version: number; at: number; value: Promise<unknown>; bodies: Map<string, PreparedBody> };

/** A safety net: even if a notification were lost, nothing is served from memory longer than this. */
const MAX_AGE_MS = 5_000;
/** Distinct questions kept (symbols x intervals x pages); past it the memory starts over. */
const MAX_ENTRIES = 2_000;

/**
 * The market's public reads, answered from memory between two ticks. Prices change only when the feed records
 * a second, and every node hears each recorded batch through the tick hub: an answer stays valid until the
 * next batch (or the hub reconnects), so thousands of phones polling the quotes list cost one query per
 * second per node instead of one per request. Concurrent askers of the same question share one query, and a
 * whole answer (envelope, language, compression) is made once per batch rather than once per request.
 * Without a hub (tests of other modules, tools) every read goes to the database.
 */
export class MarketReads {
  private version = 0;
  private readonly entries = new Map<string, Entry>();
  private readonly enabled: boolean;

  constructor(
    hub: TickHub | undefined,
    private readonly front?: FrontAnswers,
  ) {
    this.enabled = Boolean(hub);
    hub?.onChange(() => {
      this.version += 1;
    });
  }

  read<T>(key: string, load: () => Promise<T>): Promise<T> {
    return this.entry(key, load).value as Promise<T>;
  }

  /**
   * Sends `{code, msg, key, data}` for the read, as reply.ok would, compressed as the app's compression would (its
   * routes opt out of it: PREPARED_ROUTE_OPTIONS), from memory when it can.
   */
  async answer<T>(request: FastifyRequest, reply: FastifyReply, key: string, load: () => Promise<T>) {
    const entry = this.entry(key, load);
    const data = await entry.value;
    const sent = sendPrepared(reply, preparedBody(entry.bodies, request, reply, data));
    // Its next askers are answered before routing while these bytes hold (the URL names the same question).
    if (this.enabled)
      this.front?.hold(request.url, request.routeOptions.url!, (lang, encoding) => this.held(key, lang, encoding));
    return sent;
  }

  /** The answer to `key` already made in a language and an encoding, while it holds. */
  private held(key: string, lang: Language, encoding: Encoding): PreparedBody | undefined {
    const entry = this.entries.get(key);
    return entry && this.fresh(entry, Date.now()) ? entry.bodies.get(bodyKey(lang, encoding)) : undefined;
  }

  private fresh(entry: Entry, now: number) {
    return entry.version === this.version && now - entry.at < MAX_AGE_MS;
  }

  private entry(key: string, load: () => Promise<unknown>): Entry {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (this.enabled && hit && this.fresh(hit, now)) return hit;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    const entry: Entry = { version: this.version, at: now, value: load(), bodies: new Map() };
    if (!this.enabled) return entry;
    this.entries.set(key, entry);
    // A failed read is not remembered: the next asker tries again.
    entry.value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return entry;
  }
}
