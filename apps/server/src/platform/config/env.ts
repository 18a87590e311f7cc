import path from 'node:path';
import { z } from 'zod';
import { LISTEN_DEFAULTS } from './listen-ports.mjs';
import { repoRoot } from './paths.ts';

/** An optional comma-separated list, each entry matching `entry`; unset stays undefined. */
const commaList = (entry: RegExp, message: string) =>
  z
    .string()
    .optional()
    .transform((v) =>
      v
        ?.split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .refine((list) => !list || list.every((e) => entry.test(e)), message);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default(LISTEN_DEFAULTS.HOST),
  PORT: z.coerce.number().int().min(0).max(65535).default(LISTEN_DEFAULTS.PORT),
  ADMIN_HOST: z.string().default(LISTEN_DEFAULTS.ADMIN_HOST),
  ADMIN_PORT: z.coerce.number().int().min(0).max(65535).default(LISTEN_DEFAULTS.ADMIN_PORT),
  ADMIN_TOKEN: z.string().min(24).optional(),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  DATABASE_URL: z.string().url().optional(),
  WEB_DIR: z.string().default(path.join(repoRoot, 'dist', 'web')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: z
    .enum(['0', '1', 'true', 'false'])
    .default('1')
    .transform((v) => v === '1' || v === 'true'),
  FIRST_INVITE_CODE: z
    .string()
    .regex(/^[A-Za-z0-9]{4,16}$/)
    .default('WELCOME'),
  /** Run the price feed and settlement jobs on this node (the feed itself runs on one node only). */
  JOBS: z
    .enum(['0', '1', 'true', 'false'])
    .default('1')
    .transform((v) => v === '1' || v === 'true'),
  /**
   * Processes this node runs on its ports (node:cluster): 1 by default; 2 on a two-core machine spreads the
   * live-quote fan-out over both cores. Each opens its own pools (up to 40 connections), hence the bound.
   */
  PROCESSES: z.coerce.number().int().min(1).max(4).default(1),
  /** Development only: echo each outgoing SMS (its text holds a live code) to the log. Never on by default. */
  LOG_SMS: z
    .enum(['0', '1', 'true', 'false'])
    .default('0')
    .transform((v) => v === '1' || v === 'true'),
  /** Verification codes one phone number, and one client address, may be sent in 24 hours. */
  SMS_DAILY_PER_PHONE: z.coerce.number().int().min(1).default(10),
  SMS_DAILY_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
  /** Sign-ins, registrations and code requests one client address may make in a minute. */
  AUTH_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /**
   * The shortest reality-check interval a user may choose, in minutes. 10 in service; a test server sets 1 to see
   * the reminder within a minute (the interval itself is always the user's choice, never shortened by the client).
   */
  REALITY_MIN_MINUTES: z.coerce.number().int().min(1).max(60).default(10),
  BACKFILL_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
  BACKFILL_TICK_SECONDS: z.coerce.number().int().min(60).max(86_400).default(7_200),
  /**
   * The default price sources, in order ('simulator', 'binance', 'json', or a comma list such as 'binance,json'):
   * each product an operator has not given a source goes to the first one that prices its class.
   */
  MARKET_FEED: z
    .string()
    .default('simulator')
    .transform((v) => v.split(',').map((s) => s.trim()))
    .refine((list) => list.every((s) => ['simulator', 'binance', 'json'].includes(s)), 'simulator, binance or json'),
  /** Binance's endpoints: the public ones by default; tests and regional deployments point elsewhere. */
  BINANCE_WS_URL: z.string().url().default('wss://stream.binance.com:9443'),
  BINANCE_REST_URL: z.string().url().default('https://api.binance.com'),
  /**
   * The second, independent source every crypto product's prices are checked against ('okx', or 'none'), and its
   * published rule: an order whose open or settle second differs between the two by more than the tolerance (basis
   * points), or has no second-source trade within the age, is void (stake and fee returned). A change is logged in
   * the terms history at the next start and applies to orders placed after it.
   */
  REFERENCE_FEED: z.enum(['none', 'okx']).default('none'),
  REFERENCE_TOLERANCE_BP: z.coerce.number().int().min(1).max(10_000).default(50),
  REFERENCE_MAX_AGE_SECONDS: z.coerce.number().int().min(1).max(60).default(5),
  OKX_WS_URL: z.string().url().default('wss://ws.okx.com:8443'),
  /** A JSON-over-WebSocket provider (forex, metals, stocks): see modules/market/json-source.ts. */
  JSON_FEED_WS_URL: z.string().url().optional(),
  JSON_FEED_FIELDS: z.string().default('symbol=s,price=p,time=t'),
  JSON_FEED_TIME_UNIT: z.enum(['s', 'ms']).default('ms'),
  JSON_FEED_HISTORY_URL: z.string().url().optional(),
  JSON_FEED_HISTORY_FIELDS: z.string().default('time=t,price=c'),
  JSON_FEED_CLASSES: z.string().default('forex,metals'),
  /**
   * The console's session cookie: 'auto' is Secure everywhere but plain http on loopback (an SSH tunnel, the node
   * itself); 'always' is Secure there too, for browsers that count http://localhost as secure (Chromium, Firefox;
   * not Safari), so no browser ever keeps the session outside a secure context.
   */
  ADMIN_COOKIE_SECURE: z.enum(['auto', 'always']).default('auto'),
  /** Behind a reverse proxy, trust its X-Forwarded-For so rate limits see the real client. */
  TRUST_PROXY: z
    .enum(['0', '1', 'true', 'false'])
    .default('0')
    .transform((v) => v === '1' || v === 'true'),
  /**
   * Passkeys (WebAuthn): the relying party's ID is the domain the app is served under (passkeys are bound to it),
   * and the origins are the exact scheme://host[:port] the browser reports. Defaults suit a local run
   * (localhost at PORT); a deployment behind its own domain sets both (docs/passkeys.md).
   */
  WEBAUTHN_RP_ID: z
    .string()
    .regex(/^[a-z0-9.-]+$/i, 'a domain name such as example.com')
    .default('localhost'),
  WEBAUTHN_RP_NAME: z.string().min(1).max(64).default('Contract Trader'),
  WEBAUTHN_ORIGINS: commaList(/^https?:\/\/[^/]+$/, 'scheme://host[:port], comma-separated'),
  /**
   * Web push (docs/account.md, Notifications): who the push services may contact about our notifications (a mailto: or https: URL;
   * Apple refuses one at localhost), and the push services the server posts to, comma-separated hosts (https, with
   * subdomains) or exact origins. The key pair is VAPID_PRIVATE_KEY or DATA_DIR/vapid-key, read by the push module.
   */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'a mailto: or https: URL')
    .default('mailto:operators@example.com'),
  VAPID_PRIVATE_KEY: z.string().optional(),
  PUSH_SERVICES: commaList(/^([a-z0-9.-]+|https?:\/\/[^/]+)$/i, 'hosts or scheme://host[:port], comma-separated'),
  /** The platform's time zone: withdrawal hours and "per day" limits are counted in it. */
  PLATFORM_TZ: z
    .string()
    .default('Asia/Shanghai')
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'not an IANA time zone'),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  adminHost: string;
  adminPort: number;
  adminToken: string | undefined;
  dataDir: string;
  databaseUrl: string | undefined;
  webDir: string;
  logLevel: string;
  seedDemo: boolean;
  firstInviteCode: string;
  trustProxy: boolean;
  adminCookieSecure: 'auto' | 'always';
  jobs: boolean;
  processes: number;
  logSms: boolean;
  smsDailyCaps: { perPhone: number; perAddress: number };
  authRequestsPerMinute: number;
  realityMinMinutes: number;
  backfill: { days: number; tickSeconds: number };
  platformTz: string;
  webauthn: WebAuthnSettings;
  /** Web push: the VAPID subject, and the push services posted to (null: the usual browsers' own). */
  push: { subject: string; services: string[] | null; privateKey: string | undefined };
  market: {
    feeds: string[];
    binance: { wsUrl: string; restUrl: string };
    json: JsonFeedSettings | null;
    jsonClasses: string[];
    reference: { source: string | null; toleranceBp: number; maxAgeSeconds: number };
    okx: { wsUrl: string };
  };
};

/** Reads the environment once at boot; a bad value stops the start with a clear message. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (DATABASE_URL= in a shell) means "not set".
  const present = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    adminHost: e.ADMIN_HOST,
    adminPort: e.ADMIN_PORT,
    adminToken: e.ADMIN_TOKEN,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    webDir: path.resolve(e.WEB_DIR),
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO,
    firstInviteCode: e.FIRST_INVITE_CODE.toUpperCase(),
    trustProxy: e.TRUST_PROXY,
    adminCookieSecure: e.ADMIN_COOKIE_SECURE,
    jobs: e.JOBS,
    processes: e.PROCESSES,
    logSms: e.LOG_SMS,
    smsDailyCaps: { perPhone: e.SMS_DAILY_PER_PHONE, perAddress: e.SMS_DAILY_PER_ADDRESS },
    authRequestsPerMinute: e.AUTH_REQUESTS_PER_MINUTE,
    realityMinMinutes: e.REALITY_MIN_MINUTES,
    backfill: { days: e.BACKFILL_DAYS, tickSeconds: e.BACKFILL_TICK_SECONDS },
    platformTz: e.PLATFORM_TZ,
    webauthn: {
      rpId: e.WEBAUTHN_RP_ID.toLowerCase(),
      rpName: e.WEBAUTHN_RP_NAME,
      origins: e.WEBAUTHN_ORIGINS ?? [`http://${e.WEBAUTHN_RP_ID.toLowerCase()}:${e.PORT}`],
    },
    push: { subject: e.VAPID_SUBJECT, services: e.PUSH_SERVICES ?? null, privateKey: e.VAPID_PRIVATE_KEY },
    market: {
      feeds: e.MARKET_FEED,
      binance: { wsUrl: e.BINANCE_WS_URL, restUrl: e.BINANCE_REST_URL },
      json: jsonFeed(e),
      jsonClasses: e.JSON_FEED_CLASSES.split(',').map((s) => s.trim()),
      reference: {
        source: e.REFERENCE_FEED === 'none' ? null : e.REFERENCE_FEED,
        toleranceBp: e.REFERENCE_TOLERANCE_BP,
        maxAgeSeconds: e.REFERENCE_MAX_AGE_SECONDS,
      },
      okx: { wsUrl: e.OKX_WS_URL },
    },
  };
}

/** The JSON provider's settings as given (the market module reads the field lists), or null when none is set. */
function jsonFeed(e: z.output<typeof envSchema>): JsonFeedSettings | null {
  if (!e.JSON_FEED_WS_URL) return null;
  if (!e.JSON_FEED_HISTORY_URL)
    throw new Error(
      'Invalid environment:\n  JSON_FEED_HISTORY_URL: required with JSON_FEED_WS_URL (gaps are filled from it)',
    );
  return {
    wsUrl: e.JSON_FEED_WS_URL,
    fields: e.JSON_FEED_FIELDS,
    timeUnit: e.JSON_FEED_TIME_UNIT,
    historyUrl: e.JSON_FEED_HISTORY_URL,
    historyFields: e.JSON_FEED_HISTORY_FIELDS,
  };
}

/** Who passkeys are made for: the RP ID they are bound to, its name shown by the browser, the origins accepted. */
export type WebAuthnSettings = { rpId: string; rpName: string; origins: string[] };

export type JsonFeedSettings = {
  wsUrl: string;
  fields: string;
  timeUnit: 's' | 'ms';
  historyUrl: string;
  historyFields: string;
};
