import { createHmac, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  dayOfLabel,
  dayStart,
  formatMoney,
  formatPrice,
  type LiabilitiesProof,
  type LiabilitiesRoot,
  type LiabilityCoinPrice,
} from '@app/contracts';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import { pgArray } from '../../platform/db/pg-array.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { userCoinBalances, userLiabilities } from '../ledger/index.ts';
import { centsFor, coinPricesAt } from '../market/index.ts';
import { logLiabilitiesRoot, onceEntryIndex } from '../transparency/index.ts';
import { buildLevels, leafNode, levelWidths, siblingsOf, type SumNode } from './merkle-sum.ts';

/** Rows one INSERT writes (the nodes of a day: about two per user). */
const CHUNK = 20_000;

export const leafIdOf = (secret: Buffer, day: string) => createHmac('sha256', secret).update(day, 'utf8').digest();

/** Every user owed something gets a secret (once); returns each user's. */
async function secretsOf(db: DbOrTx, userIds: number[]): Promise<Map<number, Buffer>> {
  const known = await db.execute<{ user_id: string; secret: Buffer }>(
    sql`SELECT user_id, secret FROM liability_secrets`,
  );
  const out = new Map(known.rows.map((r) => [Number(r.user_id), Buffer.from(r.secret)]));
  const missing = userIds.filter((id) => !out.has(id));
  for (let i = 0; i < missing.length; i += CHUNK) {
    const part = missing.slice(i, i + CHUNK);
    const secrets = part.map(() => randomBytes(32));
    await db.execute(sql`
      INSERT INTO liability_secrets (user_id, secret)
      SELECT u, decode(s, 'hex') FROM unnest(${pgArray(part)}::bigint[], ${pgArray(secrets.map((s) => s.toString('hex')))}::text[]) AS v(u, s)
      ON CONFLICT (user_id) DO NOTHING`);
  }
  if (missing.length) return secretsOf(db, []);
  return out;
}

/**
 * Builds and publishes a day's proof of liabilities: one leaf per user owed anything, leaf id the user's HMAC of
 * the day, leaves sorted by leaf id (their order says nothing of who is who), the tree's nodes kept for proofs, the
 * root logged in the transparency log, all in one transaction over one snapshot of the ledger. A day is published
 * once; asking again answers the published root.
 */
/**
 * Each user's whole liability at the day's end: their USD buckets, and each coin they hold at the last price
 * recorded for <coin>/USDT within the day (what a sale would pay, rounded down as the exchange does). A coin with
 * no such price is listed with a null price and counts as nothing.
 */
async function liabilitiesAtClose(tx: DbOrTx, day: string, tz: string) {
  const owed = new Map((await userLiabilities(tx)).map((u) => [u.userId, u.balance]));
  const coins = await userCoinBalances(tx);
  const valued = await coinPricesAt(
    tx,
    coins.map((c) => c.coin),
    dayStart(dayOfLabel(day) + 1, tz) - 1,
  );
  for (const c of coins) {
    const v = valued.get(c.coin);
    if (v) owed.set(c.userId, (owed.get(c.userId) ?? 0n) + centsFor(c.balance, v.price, v.product.precision));
  }
  const prices: LiabilityCoinPrice[] = [...valued].map(([coin, v]) => ({
    coin,
    product: `${coin}/USDT`,
    price: v ? formatPrice(v.price, v.product.precision) : null,
    at: v ? v.ts : null,
  }));
  return { owed: [...owed].map(([userId, balance]) => ({ userId, balance })), prices };
}

export async function publishLiabilities(db: Db, day: string, tz: string): Promise<LiabilitiesRoot> {
  await db.transaction(
    async (tx) => {
      // One publisher at a time: the second waits and finds the day done.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(727700, 1)`);
      const done = await tx.execute(sql`SELECT 1 FROM liability_days WHERE day = ${day}`);
      if (done.rows.length) return;
      const close = await liabilitiesAtClose(tx, day, tz);
      const owed = close.owed.filter((u) => u.balance > 0n);
      const secrets = await secretsOf(
        tx,
        owed.map((u) => u.userId),
      );
      const leaves = owed
        .map((u) => ({ userId: u.userId, leafId: leafIdOf(secrets.get(u.userId)!, day), balance: u.balance }))
        .sort((a, b) => Buffer.compare(a.leafId, b.leafId));
      const levels = buildLevels(leaves.map((l) => leafNode(l.leafId, l.balance)));
      const root = levels[levels.length - 1]![0]!;
      const nodes: Array<{ level: number; idx: number; node: SumNode }> = levels.flatMap((nodesOf, level) =>
        nodesOf.map((node, idx) => ({ level, idx, node })),
      );
      for (let i = 0; i < nodes.length; i += CHUNK) {
        const part = nodes.slice(i, i + CHUNK);
        await tx.execute(sql`
        INSERT INTO liability_nodes (day, level, idx, hash, sum)
        SELECT ${day}, l, i, decode(h, 'hex'), s
        FROM unnest(${pgArray(part.map((n) => n.level))}::smallint[], ${pgArray(part.map((n) => n.idx))}::int[],
                    ${pgArray(part.map((n) => n.node.hash.toString('hex')))}::text[],
                    ${pgArray(part.map((n) => n.node.sum))}::bigint[]) AS v(l, i, h, s)`);
      }
      for (let i = 0; i < leaves.length; i += CHUNK) {
        const part = leaves.slice(i, i + CHUNK);
        await tx.execute(sql`
        INSERT INTO liability_leaves (day, user_id, idx)
        SELECT ${day}, u, i FROM unnest(${pgArray(part.map((l) => l.userId))}::bigint[],
                                         ${pgArray(part.map((_, k) => i + k))}::int[]) AS v(u, i)`);
      }
      await tx.execute(sql`
      INSERT INTO liability_days (day, root_hash, total, leaves, coin_prices)
      VALUES (${day}, ${root.hash}, ${root.sum}, ${leaves.length}, ${JSON.stringify(close.prices)}::jsonb)`);
      await logLiabilitiesRoot(tx, {
        day,
        rootHash: root.hash.toString('hex'),
        total: root.sum,
        leaves: leaves.length,
      });
      // One snapshot of the ledger for every balance read (a concurrent publisher fails on the day's key).
    },
    { isolationLevel: 'repeatable read' },
  );
  return liabilitiesRoot(db, day);
}

/** A published day's root (the latest without a day), with its place in the log once sequenced. */
export async function liabilitiesRoot(db: DbOrTx, day?: string): Promise<LiabilitiesRoot> {
  const rows = await db.execute<{
    day: string;
    root_hash: Buffer;
    total: string;
    leaves: number;
    coin_prices: LiabilityCoinPrice[];
  }>(sql`
    SELECT d.day, d.root_hash, d.total::text AS total, d.leaves, d.coin_prices
    FROM liability_days d ${day ? sql`WHERE d.day = ${day}` : sql``}
    ORDER BY d.day DESC LIMIT 1`);
  const r = rows.rows[0];
  if (!r) throw new AppError('no_data');
  return {
    day: r.day,
    root_hash: Buffer.from(r.root_hash).toString('hex'),
    total: formatMoney(BigInt(r.total)),
    leaves: Number(r.leaves),
    coin_prices: r.coin_prices,
    log_index: await onceEntryIndex(db, `liabilities:${r.day}`),
  };
}

/** The user's leaf of a day and its path to the root; a user owed nothing that day has no leaf (no_data). */
export async function liabilitiesProof(db: DbOrTx, userId: number, day?: string): Promise<LiabilitiesProof> {
  const root = await liabilitiesRoot(db, day);
  const leaf = await db.execute<{ idx: number; sum: string; secret: Buffer }>(sql`
    SELECT l.idx, n.sum::text AS sum, s.secret FROM liability_leaves l
    JOIN liability_nodes n ON n.day = l.day AND n.level = 0 AND n.idx = l.idx
    JOIN liability_secrets s ON s.user_id = l.user_id
    WHERE l.day = ${root.day} AND l.user_id = ${userId}`);
  const mine = leaf.rows[0];
  if (!mine) throw new AppError('no_data');
  // The tree's shape follows from its leaf count alone: no count over the day's nodes (a read of every node).
  const siblings = siblingsOf(mine.idx, levelWidths(root.leaves));
  const found = siblings.length
    ? await db.execute<{ level: number; idx: number; hash: Buffer; sum: string }>(sql`
        SELECT n.level, n.idx, n.hash, n.sum::text AS sum FROM liability_nodes n
        JOIN unnest(${pgArray(siblings.map((s) => s.level))}::smallint[], ${pgArray(siblings.map((s) => s.idx))}::int[])
          AS v(level, idx) ON n.level = v.level AND n.idx = v.idx
        WHERE n.day = ${root.day}`)
    : { rows: [] };
  const secret = Buffer.from(mine.secret);
  return {
    day: root.day,
    secret: secret.toString('hex'),
    leaf_id: leafIdOf(secret, root.day).toString('hex'),
    balance: formatMoney(BigInt(mine.sum)),
    path: siblings.map((s) => {
      const n = found.rows.find((r) => Number(r.level) === s.level && Number(r.idx) === s.idx)!;
      return { hash: Buffer.from(n.hash).toString('hex'), sum: formatMoney(BigInt(n.sum)), side: s.side };
    }),
    root,
  };
}
