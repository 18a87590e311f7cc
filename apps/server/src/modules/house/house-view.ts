import {
  dayLabel,
  dayOf,
  dayStart,
  formatMoney,
  HOUSE_SOURCES,
  type HouseSource,
  type HouseView,
} from '@app/contracts';
import type { DbOrTx } from '../../platform/db/client.ts';
import {
  houseBalanceChange,
  houseMovements,
  userBucketSumsByGroup,
  userBucketSumsByReference,
  type HousePurpose,
} from '../ledger/index.ts';
import { listProducts } from '../market/index.ts';
import { openExposure, openStakeReferences } from '../orders/index.ts';
import { pendingMoney } from '../wallet/index.ts';
import { caseDecisionTimes } from '../cases/index.ts';

/**
 * The house accounts each source of today's result reads. Deposits, withdrawals and practice are not results:
 * the first two face the outside world (money in and out), practice money is not real.
 */
export const SOURCE_PURPOSES: Record<HouseSource, HousePurpose> = {
  trading: 'trading',
  fees: 'fees',
  plans: 'plans',
  bonuses: 'bonuses',
  exchange: 'exchange',
  adjustments: 'adjustments',
};
const ASSET = 'USD';

const add = (map: Map<string, bigint>, key: string, amount: bigint) => map.set(key, (map.get(key) ?? 0n) + amount);

/** Open stake and what the house pays or keeps per product if the price ends above or below every open price. */
async function exposure(db: DbOrTx) {
  const lines = new Map((await openExposure(db)).map((l) => [l.productId, l]));
  // The stake as the ledger froze it, beside the stake the orders record: the view shows both, so they can differ.
  const frozen = await userBucketSumsByGroup(db, openStakeReferences(), 'frozen');
  const products = await listProducts(db);
  return products
    .filter((p) => lines.has(p.id))
    .map((p) => {
      const line = lines.get(p.id)!;
      const l = { ...line, stake: frozen.get(String(p.id)) ?? 0n };
      return {
        product_id: p.id,
        symbol: p.symbol,
        name: p.name,
        open_orders: l.open,
        stake: formatMoney(l.stake),
        recorded_stake: formatMoney(l.recorded),
        pays_if_all_win: formatMoney(l.win),
        takes_if_all_lose: formatMoney(l.lose),
        net_if_up: formatMoney(l.up),
        net_if_down: formatMoney(l.down),
        raw: l,
      };
    });
}

/** The house view for the platform day that contains `now` (seconds), in time zone `tz`. */
export async function houseView(db: DbOrTx, now: number, tz: string): Promise<HouseView> {
  const day = dayOf(now, tz);
  const window = { from: dayStart(day, tz), to: dayStart(day + 1, tz) };

  const movements = (await houseMovements(db, window)).filter((m) => m.asset === ASSET);
  const sources = HOUSE_SOURCES.map((source) => {
    const kinds = new Map<string, bigint>();
    for (const m of movements) if (m.purpose === SOURCE_PURPOSES[source]) add(kinds, m.kind, m.amount);
    const amount = [...kinds.values()].reduce((s, v) => s + v, 0n);
    return {
      source,
      amount,
      kinds: [...kinds].map(([kind, v]) => ({ kind, amount: formatMoney(v) })),
    };
  });
  const result = sources.reduce((s, r) => s + r.amount, 0n);
  const change = await houseBalanceChange(db, window, ASSET, Object.values(SOURCE_PURPOSES));

  const products = await exposure(db);
  const worst = products.reduce((s, p) => s + (p.raw.up < p.raw.down ? p.raw.up : p.raw.down), 0n);

  const pending = await pendingMoney(db);
  const credited = await userBucketSumsByReference(db, pending.deposits.references, 'available');
  const held = await userBucketSumsByReference(db, pending.withdrawals.references, 'frozen');
  const sum = (m: Map<string, bigint>) => [...m.values()].reduce((s, v) => s + v, 0n);
  const cases = await caseDecisionTimes(db, now);

  return {
    day: dayLabel(day),
    time_zone: tz,
    from: window.from,
    to: window.to,
    products: products.map(({ raw: _raw, ...p }) => p),
    open: {
      open_orders: products.reduce((s, p) => s + p.open_orders, 0),
      stake: formatMoney(products.reduce((s, p) => s + p.raw.stake, 0n)),
      pays_if_all_win: formatMoney(products.reduce((s, p) => s + p.raw.win, 0n)),
      worst_case: formatMoney(worst),
    },
    sources: sources.map((s) => ({ ...s, amount: formatMoney(s.amount) })),
    result: formatMoney(result),
    ledger_change: formatMoney(change),
    reconciled: result === change,
    pending: {
      deposits: {
        count: pending.deposits.count,
        amount: formatMoney(pending.deposits.amount),
        ledger_amount: formatMoney(sum(credited)),
      },
      withdrawals: {
        count: pending.withdrawals.count,
        amount: formatMoney(pending.withdrawals.amount),
        ledger_amount: formatMoney(sum(held)),
      },
    },
    cases,
  };
}
