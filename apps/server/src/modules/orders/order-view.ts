import { bpToPct, formatMoney, formatPrice, quoteOrder, type Order } from '@app/contracts';
import type { ProductRow } from '../market/index.ts';
import type { contractOrders } from './orders.table.ts';

export type OrderRow = typeof contractOrders.$inferSelect;

export function toOrder(
  row: OrderRow,
  product: Pick<ProductRow, 'symbol' | 'name' | 'precision' | 'simulated'>,
): Order {
  const quote = quoteOrder(row.stake, { payoutBp: row.payoutBp, lossBp: row.lossBp, feeBp: row.feeBp });
  const price = (p: bigint | null) => (p === null ? null : formatPrice(p, product.precision));
  return {
    id: row.id,
    symbol: product.symbol,
    name: product.name,
    direction: row.direction as Order['direction'],
    amount: formatMoney(row.stake),
    fee: formatMoney(row.fee),
    seconds: row.seconds,
    payout_pct: bpToPct(row.payoutBp),
    loss_pct: bpToPct(row.lossBp),
    open_price: price(row.openPrice)!,
    open_time: row.openTime,
    settle_time: row.settleTime,
    settle_price: price(row.settlePrice),
    settled_at: row.settledAt ? Math.floor(row.settledAt.getTime() / 1000) : null,
    status: row.status as Order['status'],
    result: (row.result as Order['result']) ?? null,
    payout: row.payout === null ? null : formatMoney(row.payout),
    pnl: row.payout === null ? null : formatMoney(row.payout - row.stake - row.fee),
    expected_profit: formatMoney(quote.expectedProfit),
    expected_loss: formatMoney(quote.expectedLoss),
    simulated: product.simulated,
    mode: row.mode as Order['mode'],
    reference:
      row.refSource === null || row.refToleranceBp === null
        ? null
        : {
            source: row.refSource,
            tolerance_pct: bpToPct(row.refToleranceBp),
            max_age_seconds: row.refMaxAgeSeconds ?? 0,
          },
  };
}
