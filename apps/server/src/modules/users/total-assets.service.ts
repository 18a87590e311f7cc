import { dayOf, dayStart, formatMoney, type TotalAssets } from '@app/contracts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { PRACTICE_ASSET, userHoldings, userNetChange } from '../ledger/index.ts';
import { centsFor, coinPricesAt } from '../market/index.ts';

/**
 * Total assets and yesterday's earnings, from the ledger's face: every balance the user holds (cash, frozen,
 * plans, the flexible Yuebao balance, coins valued at the latest recorded price of <COIN>/USDT, as the exchange does) and the net of the
 * previous platform day's plan and flexible-balance accruals and trading journals.
 */
export async function totalAssets(db: DbOrTx, id: number, now: number, tz: string): Promise<TotalAssets> {
  let available = 0n;
  let frozen = 0n;
  let plans = 0n;
  let flexible = 0n;
  let coins = 0n;
  let unpriced = false;
  const held = (await userHoldings(db, id)).filter((h) => h.asset !== PRACTICE_ASSET);
  const prices = await coinPricesAt(
    db,
    held.filter((h) => h.asset !== 'USD').map((h) => h.asset),
    now,
  );
  for (const h of held) {
    if (h.asset === 'USD') {
      if (h.bucket === 'plan' || h.bucket === 'plan_interest') plans += h.balance;
      else if (h.bucket === 'yuebao' || h.bucket === 'yuebao_out') flexible += h.balance;
      else if (h.bucket === 'frozen') frozen += h.balance;
      else available += h.balance;
      continue;
    }
    const coin = prices.get(h.asset);
    if (!coin) {
      unpriced = true;
      continue;
    }
    // What the exchange's sale of them would pay.
    coins += centsFor(h.balance, coin.price, coin.product.precision);
  }
  const today = dayOf(now, tz);
  const day = { userId: id, asset: 'USD', from: dayStart(today - 1, tz), to: dayStart(today, tz) };
  const [interest, trading] = await Promise.all([
    userNetChange(db, { ...day, kinds: { exact: ['plan_accrual', 'yuebao_accrual'], prefixes: [] } }),
    userNetChange(db, { ...day, kinds: { exact: [], prefixes: ['order_'] } }),
  ]);
  return {
    total: formatMoney(available + frozen + plans + flexible + coins),
    available: formatMoney(available),
    frozen: formatMoney(frozen),
    plans: formatMoney(plans),
    flexible: formatMoney(flexible),
    coins: formatMoney(coins),
    coins_unpriced: unpriced,
    yesterday_earnings: formatMoney(interest + trading),
    yesterday_plan_interest: formatMoney(interest),
    yesterday_trading: formatMoney(trading),
  };
}
