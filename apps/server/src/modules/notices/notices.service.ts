import type { Language, Notices } from '@app/contracts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { messagesAfter } from '../inbox/index.ts';
import { productsById } from '../market/index.ts';
import { settledSince, toOrder } from '../orders/index.ts';

/**
 * How far back each look for results reaches before the cursor it was given: settlement stamps an order before
 * its transaction commits, so an order stamped just before one look may only be visible at the next. The page
 * drops a result it has shown already (by order id).
 */
export const RESULT_OVERLAP_MS = 10_000;

/** What happened for the user since the cursor (see noticesSchema); `nowMs` is the server's clock. */
export async function noticesSince(
  db: DbOrTx,
  userId: number,
  lang: Language,
  cursor: { after?: number; since?: number },
  nowMs: number,
): Promise<Notices> {
  const messages = await messagesAfter(db, userId, cursor.after, lang);
  const since = nowMs - RESULT_OVERLAP_MS;
  if (cursor.since === undefined) return { messages: [], results: [], after: messages.last, since };
  const rows = await settledSince(db, userId, Math.max(cursor.since, nowMs - 10 * 60_000));
  const products = await productsById(
    db,
    rows.map((r) => r.productId),
  );
  return {
    messages: messages.items,
    results: rows.map((r) => toOrder(r, products.get(r.productId)!)),
    after: messages.last,
    since,
  };
}
