import { and, eq, ne, sql } from 'drizzle-orm';
import { dayOf, dayStart, formatMoney, type Language, type UserAssets, type UserInfo } from '@app/contracts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { PRACTICE_ASSET, balancesOf, userAccount, userHoldings, userNetChange } from '../ledger/index.ts';
import { listProducts, priceAt } from '../market/index.ts';
import { currentAvatarId } from '../profile/index.ts';
import { users } from './users.table.ts';

export async function findUser(db: DbOrTx, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

/** Account name (any case) or phone number. */
export async function findUserByIdentifier(db: DbOrTx, identifier: string) {
  const value = identifier.trim();
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.account}) = lower(${value}) OR ${users.phone} = ${value}`)
    .limit(1);
  return row ?? null;
}

const COIN_UNIT = 10n ** 8n;

/**
 * Total assets and yesterday's earnings, from the ledger's face: every balance the user holds (cash, frozen,
 * plans, coins valued at the latest recorded price of <COIN>/USDT, as the exchange does) and the net of the
 * previous platform day's plan accruals and trading journals.
 */
export async function userAssets(db: DbOrTx, id: number, now: number, tz: string): Promise<UserAssets> {
  let cash = 0n;
  let plans = 0n;
  let coins = 0n;
  let unpriced = false;
  const held = (await userHoldings(db, id)).filter((h) => h.asset !== PRACTICE_ASSET);
  const coinHeld = held.filter((h) => h.asset !== 'USD');
  const products = coinHeld.length ? await listProducts(db) : [];
  for (const h of held) {
    if (h.asset === 'USD') {
      if (h.bucket === 'plan' || h.bucket === 'plan_interest') plans += h.balance;
      else cash += h.balance;
      continue;
    }
    const product = products.find((p) => p.symbol === `${h.asset}/USDT`);
    const tick = product ? await priceAt(db, product.id, now) : null;
    if (!product || !tick) {
      unpriced = true;
      continue;
    }
    // Cents for coins (10^-8) at a price of 10^-precision U, rounded down: what the exchange's sale counts.
    coins += (h.balance * tick.price * 100n) / (COIN_UNIT * 10n ** BigInt(product.precision));
  }
  const today = dayOf(now, tz);
  const day = { userId: id, asset: 'USD', from: dayStart(today - 1, tz), to: dayStart(today, tz) };
  const [interest, trading] = await Promise.all([
    userNetChange(db, { ...day, kinds: { exact: ['plan_accrual'], prefixes: [] } }),
    userNetChange(db, { ...day, kinds: { exact: [], prefixes: ['order_'] } }),
  ]);
  return {
    total: formatMoney(cash + plans + coins),
    plans: formatMoney(plans),
    coins: formatMoney(coins),
    coins_unpriced: unpriced,
    yesterday_earnings: formatMoney(interest + trading),
    yesterday_plan_interest: formatMoney(interest),
    yesterday_trading: formatMoney(trading),
  };
}

/** The user summary; with `at` (the summary route) it carries the whole money picture too. */
export async function userInfo(db: DbOrTx, id: number, at?: { now: number; tz: string }): Promise<UserInfo> {
  const user = await findUser(db, id);
  if (!user) throw new AppError('user_not_found');
  const available = userAccount(id, 'available');
  const frozen = userAccount(id, 'frozen');
  const balances = await balancesOf(db, [available, frozen]);
  const avatarId = await currentAvatarId(db, id);
  const a = balances.get(available)!;
  const f = balances.get(frozen)!;
  return {
    id: user.id,
    account: user.account,
    phone: user.phone,
    invite_code: user.inviteCode,
    real_name_state: user.realNameState as UserInfo['real_name_state'],
    is_vip: user.isVip,
    has_fund_password: user.fundPasswordHash !== null,
    second_factor: user.secondFactorOnAt !== null,
    avatar_id: avatarId,
    created_at: Math.floor(user.createdAt.getTime() / 1000),
    balances: { currency: 'USD', available: formatMoney(a), frozen: formatMoney(f), total: formatMoney(a + f) },
    ...(at ? { assets: await userAssets(db, id, at.now, at.tz) } : {}),
  };
}

/** Keeps the app's language the user reads in (written only when it changed, so a launch is no write). */
export async function noteLanguage(db: DbOrTx, userId: number, lang: Language) {
  await db
    .update(users)
    .set({ lang })
    .where(and(eq(users.id, userId), ne(users.lang, lang)));
}
