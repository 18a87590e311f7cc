import { and, count, desc, eq } from 'drizzle-orm';
import {
  COIN_SCALE,
  formatMoney,
  type AdminPaymentMethod,
  type AdminPaymentMethods,
  type AdminUserBalances,
} from '@app/contracts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { PRACTICE_ASSET, balancesOf, userAccount } from '../ledger/index.ts';
import { findUser } from '../users/index.ts';
import { coinProducts } from './exchange.service.ts';
import { methodHoldHours } from './withdraw-allowlist.ts';
import { holdUntilOf, methodsInUse, toMethod, type MethodRow } from './payment-methods.service.ts';
import { paymentMethods } from './wallet.table.ts';
import { loadSettings } from './wallet-settings.ts';
import { seconds } from '../../platform/time/epoch.ts';

async function assertUser(db: DbOrTx, userId: number) {
  if (!(await findUser(db, userId))) throw new AppError('user_not_found');
}

/** Every bucket the ledger holds for a user, read in one query of balances. */
export async function userBalancesForOperator(db: DbOrTx, userId: number): Promise<AdminUserBalances> {
  await assertUser(db, userId);
  const coins = await coinProducts(db);
  const codes = {
    available: userAccount(userId, 'available'),
    frozen: userAccount(userId, 'frozen'),
    plan: userAccount(userId, 'plan'),
    planInterest: userAccount(userId, 'plan_interest'),
    yuebao: userAccount(userId, 'yuebao'),
    yuebaoOut: userAccount(userId, 'yuebao_out'),
    practice: userAccount(userId, 'available', PRACTICE_ASSET),
    practiceFrozen: userAccount(userId, 'frozen', PRACTICE_ASSET),
  };
  const coinCodes = coins.map((c) => userAccount(userId, 'available', c.coin));
  const b = await balancesOf(db, [...Object.values(codes), ...coinCodes]);
  const at = (code: string) => b.get(code) ?? 0n;
  return {
    available: formatMoney(at(codes.available)),
    frozen: formatMoney(at(codes.frozen)),
    plan: formatMoney(at(codes.plan)),
    plan_interest: formatMoney(at(codes.planInterest)),
    yuebao: formatMoney(at(codes.yuebao)),
    yuebao_out: formatMoney(at(codes.yuebaoOut)),
    practice: formatMoney(at(codes.practice) + at(codes.practiceFrozen)),
    coins: coins.map((c, i) => ({ coin: c.coin, amount: formatMoney(at(coinCodes[i]!), COIN_SCALE) })),
  };
}

export function toAdminMethod(row: MethodRow, holdHours: number, inUse: boolean, now: Date): AdminPaymentMethod {
  const open = row.removedAt === null && row.editAllowedUntil !== null && row.editAllowedUntil > now;
  return {
    ...toMethod(row, row.removedAt ? null : holdUntilOf(row, holdHours), inUse),
    locked: !open,
    removed_at: seconds(row.removedAt),
    edit_allowed_until: open ? seconds(row.editAllowedUntil) : null,
    edit_allowed_by: open ? row.editAllowedBy : null,
  };
}

/** Every method the user has bound, removed ones too (their binding history), newest first. */
export async function paymentMethodsForOperator(
  db: DbOrTx,
  userId: number,
  q: { page: number; size: number },
): Promise<AdminPaymentMethods> {
  await assertUser(db, userId);
  const filter = eq(paymentMethods.userId, userId);
  const [rows, [total], inUse, settings] = await Promise.all([
    db
      .select()
      .from(paymentMethods)
      .where(filter)
      .orderBy(desc(paymentMethods.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db.select({ n: count() }).from(paymentMethods).where(and(filter)),
    methodsInUse(db, userId),
    loadSettings(db),
  ]);
  const now = new Date();
  const { hours } = await methodHoldHours(db, userId, settings);
  return {
    items: rows.map((r) => toAdminMethod(r, hours, inUse.has(r.id), now)),
    total: Number(total?.n ?? 0),
    page: q.page,
  };
}
