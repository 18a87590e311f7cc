import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A push service on loopback that checks what a real one checks and decrypts what only the browser can: the VAPID
 * JWT (RFC 8292: ES256 over the header and claims, audience our origin, expiry within a day, the key it names) and
 * the aes128gcm payload (RFC 8188 framing, RFC 8291 key derivation), written here from the RFCs with Node's crypto
 * alone, independent of the web-push library the server encrypts with.
 */
export type Browser = {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** The notifications this browser received, decrypted. */
  received: Array<{ payload: any; urgency: string | null; ttl: number; vapidKey: string }>;
};

export type FakePushService = {
  origin: string;
  /** A new browser subscribed at this service (its own key pair and auth secret). */
  browser: () => Browser;
  /** Answers every later message for this browser with `status` (410: gone; 500: try later). */
  answer: (browser: Browser, status: number) => void;
  /** Requests refused for a bad signature, claim or encryption: a test expects none. */
  refused: string[];
  close: () => Promise<void>;
};

export async function fakePushService(): Promise<FakePushService> {
  const browsers = new Map<string, Browser & { ecdh: ReturnType<typeof createECDH>; auth: Buffer }>();
  const statuses = new Map<string, number>();
  const refused: string[] = [];
  let origin = '';
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = (req.url ?? '').replace(/^\/push\//, '');
      const browser = browsers.get(id);
      const status = statuses.get(id);
      if (!browser || req.method !== 'POST') return void res.writeHead(404).end();
      if (status !== undefined && status !== 201) return void res.writeHead(status).end();
      try {
        const vapidKey = checkVapid(req.headers.authorization, origin);
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        const ttl = Number(req.headers.ttl);
        if (!Number.isInteger(ttl) || ttl < 0) throw new Error('no TTL');
        const payload = JSON.parse(decrypt(Buffer.concat(chunks), browser.ecdh, browser.auth).toString('utf8'));
        browser.received.push({ payload, urgency: (req.headers.urgency as string) ?? null, ttl, vapidKey });
        res.writeHead(201, { location: `${origin}/message/${browser.received.length}` }).end();
      } catch (error) {
        refused.push(`${id}: ${(error as Error).message}`);
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let next = 0;
  return {
    origin,
    refused,
    browser: () => {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = `b${++next}-${randomBytes(6).toString('hex')}`;
      const browser = {
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        received: [],
        ecdh,
        auth,
      };
      browsers.set(id, browser);
      return browser;
    },
    answer: (browser, status) => statuses.set(browser.endpoint.split('/push/')[1]!, status),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** RFC 8292 §3: `vapid t=<JWT>, k=<key>`; returns the key after checking the JWT's signature and claims. */
function checkVapid(header: string | undefined, audience: string): string {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`no vapid authorization: ${header}`);
  const [, jwt, k] = match;
  const [head, claims, signature] = jwt!.split('.');
  const headJson = JSON.parse(Buffer.from(head!, 'base64url').toString('utf8'));
  if (headJson.alg !== 'ES256') throw new Error(`alg ${headJson.alg}`);
  const raw = Buffer.from(k!, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  // JWS ES256 signatures are r || s (IEEE P1363), not DER.
  const ok = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature!, 'base64url'),
  );
  if (!ok) throw new Error('bad JWT signature');
  const c = JSON.parse(Buffer.from(claims!, 'base64url').toString('utf8'));
  const now = Math.floor(Date.now() / 1000);
  if (c.aud !== audience) throw new Error(`aud ${c.aud}`);
  if (!(c.exp > now && c.exp <= now + 24 * 3600)) throw new Error(`exp ${c.exp}`);
  if (!/^(mailto:|https:)/.test(c.sub)) throw new Error(`sub ${c.sub}`);
  return k!;
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 §3.4 and RFC 8188 §2: one record, keyid = the sender's public key. */
function decrypt(body: Buffer, ecdh: ReturnType<typeof createECDH>, auth: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  if (idlen !== 65) throw new Error(`keyid length ${idlen}`);
  if (record.length > rs) throw new Error('more than one record');
  const uaPublic = ecdh.getPublicKey();
  const secret = ecdh.computeSecret(asPublic);
  // HKDF-Extract(auth, secret), then Expand with "WebPush: info" || 0 || ua_public || as_public, L = 32.
  const prkKey = hmac(auth, secret);
  const ikm = hmac(prkKey, Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record's padding: a 0x02 delimiter, then zeros.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error('no last-record delimiter');
  return plain.subarray(0, end);
}
