import { formatMoney, formatPrice, type CaseEvidence, type CaseKind } from '@app/contracts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { auditOfTargets } from '../../platform/audit/audit-trail.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { journalsByReference } from '../ledger/index.ts';
import { findProductById, recordedSecond } from '../market/index.ts';
import { ordersById } from '../orders/index.ts';
import { orderLogIndexes } from '../transparency/index.ts';
import { moneyRecordFacts } from '../wallet/index.ts';

/** How many operator acts on one record the evidence copies (a record is acted on a handful of times). */
const MAX_ACTS = 100;

/**
 * The item a user contests, checked and with its evidence, read through the owning modules' faces. Someone
 * else's item reads exactly like a missing one (404); an item in a state that cannot be contested is refused.
 */
export async function contestedItem(db: DbOrTx, userId: number, kind: CaseKind, id: number): Promise<CaseEvidence> {
  return kind === 'order' ? orderEvidence(db, userId, id) : moneyEvidence(db, userId, kind, id);
}

async function orderEvidence(db: DbOrTx, userId: number, id: number): Promise<CaseEvidence> {
  const [order] = await ordersById(db, [id]);
  if (!order || order.userId !== userId) throw new AppError('no_data', { field: 'item_id' });
  // Practice orders move no real money: nothing to correct.
  if (order.status !== 'settled' || order.mode !== 'real') throw new AppError('case_not_contestable');
  const product = await findProductById(db, order.productId);
  if (!product) throw new AppError('no_data', { field: 'item_id' });
  const second = async (role: 'open' | 'settle', at: number) => {
    const r = await recordedSecond(db, order.productId, at);
    return {
      role,
      second: at,
      recorded_second: r?.recordedSecond ?? null,
      price: r?.price ?? null,
      carried: r?.carried ?? false,
      source: r?.source ?? product.source,
      trade_id: r?.tradeId ?? null,
      reference: r?.reference
        ? { source: r.reference.source, price: r.reference.price, trade_id: r.reference.tradeId }
        : null,
    };
  };
  const [open, settle, logIndex, journals] = await Promise.all([
    second('open', order.openTime),
    second('settle', order.settleTime),
    orderLogIndexes(db, order.id),
    journalsByReference(db, [`order:${order.id}:open`, `order:${order.id}:settle`]),
  ]);
  const price = (p: bigint | null) => (p === null ? null : formatPrice(p, product.precision));
  return {
    kind: 'order',
    order: {
      id: order.id,
      symbol: product.symbol,
      direction: order.direction as 'up' | 'down',
      mode: order.mode,
      stake: formatMoney(order.stake),
      fee: formatMoney(order.fee),
      status: order.status,
      result: order.result,
      payout: order.payout === null ? null : formatMoney(order.payout),
      open_price: price(order.openPrice)!,
      settle_price: price(order.settlePrice),
    },
    terms: {
      seconds: order.seconds,
      payout_bp: order.payoutBp,
      loss_bp: order.lossBp,
      fee_bp: order.feeBp,
      open_time: order.openTime,
      settle_time: order.settleTime,
    },
    prices: [open, settle],
    log_index: logIndex,
    journals,
  };
}

const JOURNALS: Record<'deposit' | 'withdrawal', (id: number) => string[]> = {
  deposit: (id) => [`deposit:${id}:credit`],
  withdrawal: (id) => [`withdrawal:${id}:freeze`, `withdrawal:${id}:paid`, `withdrawal:${id}:refund`],
};

async function moneyEvidence(
  db: DbOrTx,
  userId: number,
  kind: 'deposit' | 'withdrawal',
  id: number,
): Promise<CaseEvidence> {
  const facts = await moneyRecordFacts(db, kind, id);
  if (!facts || facts.userId !== userId) throw new AppError('no_data', { field: 'item_id' });
  if (!facts.refused) throw new AppError('case_not_contestable');
  const [acts, journals] = await Promise.all([
    auditOfTargets(db, [`${kind}:${id}`], { page: 1, size: MAX_ACTS }),
    journalsByReference(db, JOURNALS[kind](id)),
  ]);
  return { kind, record: facts.record, acts: acts.items.reverse(), journals };
}
