import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  maskMiddle,
  WALLET_CURRENCIES,
  type addCardBodySchema,
  type addPayAccountBodySchema,
  type addWalletBodySchema,
  type PaymentMethod,
} from '@app/contracts';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { audit } from '../../platform/audit/audit.service.ts';
import type { OperatorAct } from '../../platform/http/operator-act.ts';
import { checkAddress } from './address-validation.ts';
import { paymentMethods, withdrawals } from './wallet.table.ts';
import { XACT_LOCKS } from '../../platform/db/advisory-locks.ts';
import { refuseIfFrozen } from './account-freeze.ts';
import { uniqueViolation } from '../../platform/db/unique-violation.ts';

export type MethodRow = typeof paymentMethods.$inferSelect;

/** The spec's mask (`maskMiddle`): 3 leading and 3 trailing characters, the middle hidden. */
export const mask = maskMiddle;

export function methodTitle(row: Pick<MethodRow, 'kind' | 'bankName' | 'currency' | 'network'>): string {
  if (row.kind === 'bank') return row.bankName ?? 'Bank';
  if (row.kind === 'crypto') return `${row.currency} · ${row.network}`;
  return row.kind === 'alipay' ? 'Alipay' : 'WeChat Pay';
}

/** An operator's allowance of one edit is open (not used, not lapsed) on a live method. */
export const editAllowed = (row: Pick<MethodRow, 'removedAt' | 'editAllowedUntil'>, now = new Date()) =>
  row.removedAt === null && row.editAllowedUntil !== null && row.editAllowedUntil > now;

export function toMethod(row: MethodRow, holdUntil: number | null, inUse: boolean): PaymentMethod {
  return {
    id: row.id,
    kind: row.kind as PaymentMethod['kind'],
    title: methodTitle(row),
    masked: mask(row.account),
    holder: row.holder,
    branch: row.branch,
    currency: row.currency,
    network: row.network,
    created_at: Math.floor(row.createdAt.getTime() / 1000),
    hold_until: holdUntil,
    locked: !editAllowed(row),
    in_use: inUse,
  };
}

/**
 * Hook for the holder-name rule: once real-name verification exists, a destination's holder must match the
 * verified name. Real-name verification is another issue; until then every holder passes.
 */
export async function assertHolderMatchesVerifiedName(
  _db: DbOrTx,
  _userId: number,
  _holder: string | null,
): Promise<void> {
  // Intentionally empty until the identity module provides the verified name.
}

/**
 * The user's second factor for a change of payout methods, asked only once the change is otherwise acceptable
 * (valid, not a duplicate, allowed), so a refused change never spends the user's code.
 */
export type StepUp = () => Promise<void>;

type NewMethod = typeof paymentMethods.$inferInsert;
type DuplicateKey = 'bank_card_exists' | 'wallet_address_exists';

/** The live binding a new one would collide with, by the same rule as the unique indexes of the table. */
async function refuseDuplicate(db: DbOrTx, values: NewMethod, duplicateKey: DuplicateKey) {
  const same =
    values.kind === 'bank'
      ? eq(paymentMethods.account, values.account)
      : values.kind === 'crypto'
        ? and(
            eq(paymentMethods.userId, values.userId),
            eq(paymentMethods.network, values.network ?? ''),
            eq(paymentMethods.account, values.account),
          )
        : undefined;
  if (!same) return;
  const [existing] = await db
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(and(same, eq(paymentMethods.kind, values.kind), isNull(paymentMethods.removedAt)))
    .limit(1);
  if (existing) throw new AppError(duplicateKey);
}

async function insertMethod(db: DbOrTx, values: NewMethod, duplicateKey: DuplicateKey) {
  try {
    const [row] = await db.insert(paymentMethods).values(values).returning();
    return row!;
  } catch (error) {
    // Two requests that both passed refuseDuplicate: the index decides.
    if (uniqueViolation(error) !== null) throw new AppError(duplicateKey);
    throw error;
  }
}

async function bindMethod(db: Db, values: NewMethod, duplicateKey: DuplicateKey, stepUp: StepUp) {
  await refuseDuplicate(db, values, duplicateKey);
  await stepUp();
  return insertMethod(db, values, duplicateKey);
}

export async function addCard(db: Db, userId: number, body: CardInput, stepUp: StepUp) {
  await refuseIfFrozen(db, userId);
  await assertHolderMatchesVerifiedName(db, userId, body.holder);
  return bindMethod(db, cardValues(userId, body), 'bank_card_exists', stepUp);
}
type CardInput = Pick<z.output<typeof addCardBodySchema>, 'bank_name' | 'branch' | 'holder' | 'card_number'>;
const cardValues = (userId: number, body: CardInput): NewMethod => ({
  userId,
  kind: 'bank',
  account: body.card_number,
  holder: body.holder,
  bankName: body.bank_name,
  branch: body.branch,
});

type WalletInput = Pick<z.output<typeof addWalletBodySchema>, 'currency' | 'network' | 'address'>;
export async function addWallet(db: Db, userId: number, body: WalletInput, stepUp: StepUp) {
  await refuseIfFrozen(db, userId);
  checkWalletInput(body);
  return bindMethod(db, walletValues(userId, body), 'wallet_address_exists', stepUp);
}
const walletValues = (userId: number, body: WalletInput): NewMethod => ({
  userId,
  kind: 'crypto',
  account: body.address,
  currency: body.currency,
  network: body.network,
});

function checkWalletInput(body: WalletInput) {
  const networks = WALLET_CURRENCIES[body.currency] ?? [];
  if (!(networks as readonly string[]).includes(body.network)) {
    throw new AppError('wallet_network_mismatch', {
      field: 'network',
      params: { network: body.network, detected: networks.join(' / ') },
    });
  }
  const check = checkAddress(body.network, body.address);
  if (!check.ok) {
    if (check.detected)
      throw new AppError('wallet_network_mismatch', {
        field: 'address',
        params: { network: body.network, detected: check.detected },
      });
    throw new AppError('wallet_address_invalid', { field: 'address', params: { network: body.network } });
  }
}

type PayAccountInput = Pick<z.output<typeof addPayAccountBodySchema>, 'kind' | 'holder' | 'account'>;
/** Alipay and WeChat: one live account of each per user; a second submission is locked (customer service). */
export async function addPayAccount(db: Db, userId: number, body: PayAccountInput, stepUp: StepUp) {
  await refuseIfFrozen(db, userId);
  await assertHolderMatchesVerifiedName(db, userId, body.holder);
  const liveOfKind = (tx: DbOrTx) =>
    tx
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(
        and(eq(paymentMethods.userId, userId), eq(paymentMethods.kind, body.kind), isNull(paymentMethods.removedAt)),
      );
  if ((await liveOfKind(db)).length) throw new AppError('method_locked');
  await stepUp();
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${XACT_LOCKS.userPayAccounts}, ${userId}::int)`);
    if ((await liveOfKind(tx)).length) throw new AppError('method_locked');
    const [row] = await tx
      .insert(paymentMethods)
      .values({ userId, kind: body.kind, account: body.account, holder: body.holder })
      .returning();
    return row!;
  });
}

export async function liveMethods(db: DbOrTx, userId: number, kinds?: string[]) {
  return db
    .select()
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.userId, userId),
        isNull(paymentMethods.removedAt),
        kinds ? inArray(paymentMethods.kind, kinds) : undefined,
      ),
    )
    .orderBy(paymentMethods.id);
}

export async function methodsInUse(db: DbOrTx, userId: number): Promise<Set<number>> {
  const rows = await db
    .select({ id: withdrawals.methodId })
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), eq(withdrawals.status, 3)));
  return new Set(rows.map((r) => r.id));
}

export const holdUntilOf = (row: MethodRow, holdHours: number) => {
  const until = Math.floor(row.createdAt.getTime() / 1000) + holdHours * 3600;
  return until > Date.now() / 1000 ? until : null;
};

export async function listMethods(
  db: DbOrTx,
  userId: number,
  holdHours: number,
  kinds?: string[],
): Promise<PaymentMethod[]> {
  const [rows, inUse] = await Promise.all([liveMethods(db, userId, kinds), methodsInUse(db, userId)]);
  return rows.map((r) => toMethod(r, holdUntilOf(r, holdHours), inUse.has(r.id)));
}

/** The user's live method, locked for the change; refused while a withdrawal under review uses it. */
async function methodForChange(tx: DbOrTx, userId: number, id: number): Promise<MethodRow> {
  const [row] = await tx
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId), isNull(paymentMethods.removedAt)))
    .for('update');
  if (!row) throw new AppError('no_data');
  const [pending] = await tx
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(and(eq(withdrawals.methodId, id), eq(withdrawals.status, 3)))
    .limit(1);
  if (pending) throw new AppError('method_in_use');
  return row;
}

/** Removes a method; refused while a withdrawal under review uses it. */
export async function removeMethod(db: Db, userId: number, id: number, stepUp: StepUp) {
  await refuseIfFrozen(db, userId);
  await db.transaction((tx) => methodForChange(tx, userId, id));
  await stepUp();
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${XACT_LOCKS.userPayouts}, ${userId}::int)`);
    await refuseIfFrozen(tx, userId);
    await methodForChange(tx, userId, id);
    await tx
      .update(paymentMethods)
      .set({ removedAt: sql`now()` })
      .where(eq(paymentMethods.id, id));
  });
}

/** What the user's one allowed edit changes, by kind (the same fields, checked the same way, as adding one). */
export type MethodEdit = ({ kind: 'bank' } & CardInput) | ({ kind: 'crypto' } & WalletInput) | PayAccountInput;

/**
 * The user's edit of a locked method, allowed once by customer service: the old binding is removed and the new
 * one bound in its place (a new binding, so the hold on new destinations applies again), locked like any other.
 * Refused while no allowance is open, and while a withdrawal under review uses the method.
 */
export async function editMethod(
  db: Db,
  userId: number,
  id: number,
  edit: MethodEdit,
  stepUp: StepUp,
): Promise<MethodRow> {
  await refuseIfFrozen(db, userId);
  if (edit.kind === 'crypto') checkWalletInput(edit);
  else await assertHolderMatchesVerifiedName(db, userId, edit.holder);
  const replacement: NewMethod =
    edit.kind === 'bank'
      ? cardValues(userId, edit)
      : edit.kind === 'crypto'
        ? walletValues(userId, edit)
        : { userId, kind: edit.kind, account: edit.account, holder: edit.holder };
  const duplicateKey: DuplicateKey = edit.kind === 'crypto' ? 'wallet_address_exists' : 'bank_card_exists';
  const editable = async (tx: DbOrTx) => {
    const row = await methodForChange(tx, userId, id);
    if (!editAllowed(row)) throw new AppError('method_locked');
    if (row.kind !== edit.kind) throw new AppError('invalid_request');
    return row;
  };
  const existing = await db.transaction(editable);
  // The new details may repeat the old binding's (it is replaced), never another live one.
  if (!(existing.account === replacement.account && existing.network === (replacement.network ?? null)))
    await refuseDuplicate(db, replacement, duplicateKey);
  await stepUp();
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${XACT_LOCKS.userPayouts}, ${userId}::int)`);
    await refuseIfFrozen(tx, userId);
    await editable(tx);
    await tx
      .update(paymentMethods)
      .set({ removedAt: sql`now()`, editAllowedUntil: null })
      .where(eq(paymentMethods.id, id));
    return insertMethod(tx, replacement, duplicateKey);
  });
}

/** How long an operator's allowance of one edit stays open when the user does not use it. */
export const EDIT_ALLOWANCE_HOURS = 24;

/**
 * Customer service allows one edit of a locked method (after checking with the user, for a reason): open until
 * the user's next edit of it or for a day; audited with the allowance before and after.
 */
export async function allowOneEdit(
  db: Db,
  act: OperatorAct<{ reason: string }, { id: number; method_id: number }>,
): Promise<MethodRow> {
  const { id: userId, method_id: methodId } = act.params;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.id, methodId), eq(paymentMethods.userId, userId), isNull(paymentMethods.removedAt)))
      .for('update');
    if (!row) throw new AppError('no_data');
    const [updated] = await tx
      .update(paymentMethods)
      .set({
        editAllowedUntil: sql`now() + make_interval(hours => ${EDIT_ALLOWANCE_HOURS})`,
        editAllowedBy: act.operator,
      })
      .where(eq(paymentMethods.id, methodId))
      .returning();
    const allowance = (r: MethodRow) =>
      editAllowed(r)
        ? { edit_allowed_until: Math.floor(r.editAllowedUntil!.getTime() / 1000), by: r.editAllowedBy }
        : null;
    await audit(tx, {
      operator: act.operator,
      action: 'payment_method.allow_edit',
      target: `user:${userId}`,
      reason: act.body.reason,
      details: {
        method_id: methodId,
        kind: row.kind,
        method: `${methodTitle(row)} ${mask(row.account)}`,
        before: { allowance: allowance(row) },
        after: { allowance: allowance(updated!) },
      },
      ip: act.ip,
    });
    return updated!;
  });
}
