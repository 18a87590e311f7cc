import { z } from 'zod';

// The public transparency log (docs/transparency.md). These shapes are a public contract: third parties build
// verifiers on them, so a field is added, never changed or removed.

const position = (min: number) =>
  z.coerce.number({ error: 'log_range_invalid' }).int('log_range_invalid').min(min, 'log_range_invalid');

export const logKeyQuerySchema = z.object({
  /** A key that signed an earlier head; the latest head's key when left out. */
  key_id: z
    .string()
    .regex(/^[0-9a-f]{64}$/, 'log_range_invalid')
    .optional(),
});
export const logKeySchema = z.object({
  /** Hex SHA-256 of the raw 32-byte public key. */
  key_id: z.string(),
  algorithm: z.literal('ed25519'),
  /** Base64 of the raw 32-byte Ed25519 public key. */
  public_key: z.string(),
});
export type LogKey = z.infer<typeof logKeySchema>;

export const logSthSchema = z.object({
  tree_size: z.number().int(),
  /** Hex RFC 6962 Merkle tree hash of the first tree_size entries. */
  root_hash: z.string(),
  /** Milliseconds since the epoch. */
  timestamp: z.number().int(),
  key_id: z.string(),
  /** Base64 Ed25519 signature of the UTF-8 string `${tree_size}\n${root_hash}\n${timestamp}`. */
  signature: z.string(),
});
export type LogSth = z.infer<typeof logSthSchema>;

/** Entries start..end, both included (0-based); the answer may stop early (a page, or the signed tree's end). */
export const logEntriesQuerySchema = z.object({ start: position(0), end: position(0) });
export const logEntriesSchema = z.object({
  items: z.array(
    z.object({
      index: z.number().int(),
      /** The entry's exact bytes (canonical JSON) as a UTF-8 string: the leaf hash is SHA-256(0x00 || bytes). */
      data: z.string(),
    }),
  ),
});
export type LogEntries = z.infer<typeof logEntriesSchema>;

export const logInclusionQuerySchema = z.object({ index: position(0), tree_size: position(1) });
export const logInclusionSchema = z.object({
  leaf_index: z.number().int(),
  tree_size: z.number().int(),
  /** Hex hashes, innermost first (RFC 6962 2.1.1). */
  audit_path: z.array(z.string()),
});
export type LogInclusion = z.infer<typeof logInclusionSchema>;

export const logConsistencyQuerySchema = z.object({ first: position(1), second: position(1) });
export const logConsistencySchema = z.object({
  first: z.number().int(),
  second: z.number().int(),
  /** Hex hashes (RFC 6962 2.1.2). */
  proof: z.array(z.string()),
});
export type LogConsistency = z.infer<typeof logConsistencySchema>;

/** Where an order's entries sit in the log: null until the sequencer has placed them (within seconds). */
export const orderLogIndexSchema = z.object({
  placed: z.number().int().nullable(),
  settled: z.number().int().nullable(),
});

/** What an entry of an order's proof is: its placement, its settlement, or a price second it used. */
export const orderProofRoleSchema = z.enum([
  'placed',
  'settled',
  'open_price',
  'settle_price',
  // The second source's price of the open and settle seconds (orders placed under the second-source rule).
  'open_reference',
  'settle_reference',
]);
export type OrderProofRole = z.infer<typeof orderProofRoleSchema>;

/**
 * Everything "Verify this order" checks, for the order's owner (GET /api/user/order_proof?id=): the order's log
 * entries (exact bytes; index null while still queued) and the ledger journals that moved its money. The browser
 * checks the entries against the latest signed head with its own code, so nothing here needs to be trusted.
 */
export const orderProofSchema = z.object({
  order_id: z.number().int(),
  entries: z.array(
    z.object({
      role: orderProofRoleSchema,
      /** The leaf index; null while the entry is queued (the sequencer places it within seconds). */
      index: z.number().int().nullable(),
      /** The entry's exact bytes (canonical JSON) as a UTF-8 string. */
      data: z.string(),
    }),
  ),
  journals: z.array(
    z.object({
      id: z.number().int(),
      /** order:<id>:open or order:<id>:settle */
      reference: z.string(),
      kind: z.string(),
      lines: z.array(
        z.object({
          /** The ledger account's code (user:<id>:<asset>:<bucket> or house:<asset>:<purpose>). */
          account: z.string(),
          asset: z.string(),
          /** Signed: what the account gained (positive) or gave (negative); a journal's lines sum to zero. */
          amount: z.string(),
        }),
      ),
    }),
  ),
});
export type OrderProof = z.infer<typeof orderProofSchema>;

/**
 * Every change of terms the log holds (GET /api/log/terms), oldest first, under the latest head: contract terms,
 * the trading switch and plan terms, each with its leaf index (check it with /api/log/proof) and its exact bytes.
 */
export const logTermsHistorySchema = z.object({
  tree_size: z.number().int(),
  items: z.array(
    z.object({
      index: z.number().int(),
      /** The terms_changed entry's exact bytes (canonical JSON). */
      data: z.string(),
    }),
  ),
});
export type LogTermsHistory = z.infer<typeof logTermsHistorySchema>;

// ---------- proof of liabilities (docs/liabilities.md) ----------

export const liabilitiesDayQuerySchema = z.object({
  /** A platform day, YYYY-MM-DD; absent: the latest published. */
  day: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid_request')
    .optional(),
});

/** A day's published root (GET /api/liabilities/root): the Merkle sum tree over every user's liability. */
/**
 * A coin users held at the day's end and the price it was valued at in their liabilities: the last second
 * recorded for <coin>/USDT at or before the day's end (`at`, epoch seconds); null when none was recorded, and
 * then that coin is counted as nothing.
 */
export const liabilityCoinPriceSchema = z.object({
  coin: z.string(),
  product: z.string(),
  price: z.string().nullable(),
  at: z.number().int().nullable(),
});
export type LiabilityCoinPrice = z.infer<typeof liabilityCoinPriceSchema>;

export const liabilitiesRootSchema = z.object({
  day: z.string(),
  /** Hex SHA-256 of the root node. */
  root_hash: z.string(),
  /** The sum of every leaf: what the platform owed its users, a decimal string in USD. */
  total: z.string(),
  leaves: z.number().int(),
  /** The prices the coins in the leaves were valued at. */
  coin_prices: z.array(liabilityCoinPriceSchema),
  /** The root's entry in the transparency log (null until sequenced). */
  log_index: z.number().int().nullable(),
});
export type LiabilitiesRoot = z.infer<typeof liabilitiesRootSchema>;

/**
 * The signed-in user's leaf of a day and the path to the root (GET /api/user/liabilities_proof): the user
 * recomputes leaf_id = HMAC-SHA-256(secret, day) and hashes up the path; the root must be the published one.
 */
export const liabilitiesProofSchema = z.object({
  day: z.string(),
  /** Hex: the user's own secret (theirs alone to read), the key of their leaf ids. */
  secret: z.string(),
  /** Hex HMAC-SHA-256(secret, day). */
  leaf_id: z.string(),
  /**
   * The user's whole liability that day, decimal string in USD: cash, frozen, plan principal and interest, the
   * flexible Yuebao balance and coins at the day's close price (root.coin_prices).
   */
  balance: z.string(),
  /** From the leaf up: each sibling's hash, sum and the side it sits on. */
  path: z.array(z.object({ hash: z.string(), sum: z.string(), side: z.enum(['left', 'right']) })),
  root: liabilitiesRootSchema,
});
export type LiabilitiesProof = z.infer<typeof liabilitiesProofSchema>;
