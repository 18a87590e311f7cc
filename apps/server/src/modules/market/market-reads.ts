import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { translate } from '@app/i18n/catalogue';
import type { TickHub } from './tick-hub.ts';

type Body = { bytes: Buffer; encoding: Encoding };
type Entry = { version: number; at: number; value: Promise<unknown>; bodies: Map<string, Body> };
type Encoding = 'br' | 'gzip' | 'identity';

/** A safety net: even if a notification were lost, nothing is served from memory longer than this. */
const MAX_AGE_MS = 5_000;
/** Distinct questions kept (symbols x intervals x pages); past it the memory starts over. */
const MAX_ENTRIES = 2_000;
/** As the app's compression: smaller answers go as they are. */
const COMPRESS_ABOVE = 1024;

/**
 * The route options of a read answered through MarketReads.answer, which compresses its own answers (once per
 * batch): the app's compression plugin would only look at each of them and pass it on, in three hooks per request,
 * and these reads take no body to decompress.
 */
export const READ_ROUTE_OPTIONS = { compress: false, decompress: false } as const;

function encodingFor(request: FastifyRequest): Encoding {
  const accepted = request.headers['accept-encoding'] ?? '';
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return 'identity';
}

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

  constructor(hub: TickHub | undefined) {
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
   * routes opt out of it: READ_ROUTE_OPTIONS), from memory when it can.
   */
  async answer<T>(request: FastifyRequest, reply: FastifyReply, key: string, load: () => Promise<T>) {
    const entry = this.entry(key, load);
    const data = await entry.value;
    const encoding = encodingFor(request);
    const bodyKey = `${request.lang}:${encoding}`;
    let body = entry.bodies.get(bodyKey);
    if (!body) {
      // Through the route's response schema, as reply.ok's answer would be; its serializer makes JSON text.
      const envelope = { code: 200, msg: translate(request.lang, 'ok'), key: 'ok', data };
      const json = Buffer.from(reply.code(200).serialize(envelope) as string);
      body =
        json.length <= COMPRESS_ABOVE || encoding === 'identity'
          ? { bytes: json, encoding: 'identity' }
          : encoding === 'br'
            ? { bytes: brotliCompressSync(json, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }), encoding }
            : { bytes: gzipSync(json), encoding };
      entry.bodies.set(bodyKey, body);
    }
    reply.header('content-type', 'application/json; charset=utf-8').header('vary', 'accept-encoding');
    if (body.encoding !== 'identity') reply.header('content-encoding', body.encoding);
    return reply.code(200).send(body.bytes);
  }

  private entry(key: string, load: () => Promise<unknown>): Entry {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (this.enabled && hit && hit.version === this.version && now - hit.at < MAX_AGE_MS) return hit;
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
