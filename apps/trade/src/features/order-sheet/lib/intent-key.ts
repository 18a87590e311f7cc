export { IntentKey, newIdempotencyKey } from '@app/app-kit';

/** The terms that make an intent: a change of any of them is a new order. */
export function intentSignature(order: {
  symbol: string;
  seconds: number;
  amount: string;
  direction: string;
  mode?: string;
}): string {
  return [
    order.symbol,
    order.seconds,
    order.amount.trim(),
    order.direction,
    ...(order.mode === 'practice' ? ['practice'] : []),
  ].join('|');
}
