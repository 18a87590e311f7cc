import { COIN_SCALE, formatMoney, type ClosureBlocker } from '@app/contracts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { leadsCopyTrading } from '../copy/index.ts';
import { PRACTICE_ASSET, userHoldings } from '../ledger/index.ts';
import { openRealOrderCount } from '../orders/index.ts';
import { undecidedMoneyOf } from '../wallet/index.ts';

const blocker = (kind: ClosureBlocker['kind'], more: Partial<ClosureBlocker> = {}): ClosureBlocker => ({
  kind,
  amount: null,
  asset: null,
  count: null,
  ...more,
});

/**
 * Everything that must be settled before the account can close, in the order a user would do it: first wait for
 * what is under way (orders, reviews), then move the money out. Read from each owner's face: the ledger's balances
 * (every bucket and coin, practice money aside), the orders' kept open count, the wallet's undecided records and
 * whether the user leads copy trading. Empty means the account holds nothing and owes nothing.
 */
export async function closureBlockers(db: DbOrTx, userId: number): Promise<ClosureBlocker[]> {
  const [holdings, openOrders, undecided, leading] = await Promise.all([
    userHoldings(db, userId),
    openRealOrderCount(db, userId),
    undecidedMoneyOf(db, userId),
    leadsCopyTrading(db, userId),
  ]);
  const found: ClosureBlocker[] = [];
  if (openOrders > 0) found.push(blocker('orders', { count: openOrders }));
  if (undecided.withdrawals > 0) found.push(blocker('withdrawal', { count: undecided.withdrawals }));
  if (undecided.deposits > 0) found.push(blocker('deposit', { count: undecided.deposits }));
  if (leading) found.push(blocker('leading'));

  let cash = 0n;
  let plans = 0n;
  let flexible = 0n;
  const coins: ClosureBlocker[] = [];
  for (const h of holdings) {
    if (h.asset === PRACTICE_ASSET || h.balance === 0n) continue;
    if (h.asset !== 'USD') {
      coins.push(blocker('coins', { asset: h.asset, amount: formatMoney(h.balance, COIN_SCALE) }));
    } else if (h.bucket === 'plan' || h.bucket === 'plan_interest') plans += h.balance;
    else if (h.bucket === 'yuebao' || h.bucket === 'yuebao_out') flexible += h.balance;
    // A withdrawal under review holds its amount frozen: that is said once, as the withdrawal.
    else if (h.bucket === 'frozen' && undecided.withdrawals > 0) continue;
    else cash += h.balance;
  }
  if (plans !== 0n) found.push(blocker('plans', { amount: formatMoney(plans) }));
  if (flexible !== 0n) found.push(blocker('flexible', { amount: formatMoney(flexible) }));
  found.push(...coins);
  if (cash !== 0n) found.push(blocker('cash', { amount: formatMoney(cash) }));
  return found;
}
