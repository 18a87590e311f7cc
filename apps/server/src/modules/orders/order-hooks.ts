import type { Tx } from '../../platform/db/client.ts';
import { Hook } from '../../platform/events/hook.ts';

/** A leader's order as it opened, for the public record of the leader's trades. */
export type LeaderOrderOpened = {
  id: number;
  symbol: string;
  precision: number;
  direction: string;
  seconds: number;
  stake: bigint;
  fee: bigint;
  payoutBp: number;
  lossBp: number;
  openTime: number;
  openPrice: bigint;
};

/** An order as it settled. */
export type OrderSettled = {
  id: number;
  settleTime: number;
  settleTickTime: number;
  settlePrice: bigint;
  result: string;
  payout: bigint;
};

/**
 * What copy trading does when orders open and settle. Orders stand below copy trading (a copy is an order), so
 * copy trading fills these when its face loads (modules/copy/index.ts) and orders call them, inside their own
 * transaction where the work must be atomic with the order.
 */
export const orderHooks = {
  /** A real order of a user who leads now: it joins the leader's record; returns how many copies were queued. */
  leaderOrderOpened: new Hook<[tx: Tx, recordId: number, order: LeaderOrderOpened], number>('leaderOrderOpened'),
  /** Orders settled in this transaction: those in a leader's record get their settlement entry. */
  ordersSettled: new Hook<[tx: Tx, settled: OrderSettled[]]>('ordersSettled'),
  /** Copies were queued and committed: the copy job may start on them now rather than at its next poll. */
  copiesCommitted: new Hook<[]>('copiesCommitted', { required: false }),
};
