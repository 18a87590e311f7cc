import { afterCursor, nextCursor, offsetOf, type PageInput } from '../../platform/db/keyset.ts';
import { toldUser } from '../../platform/messaging/user-wording.ts';
import type { Decision, Refusal } from './review-decision.ts';
import { randomInt } from 'node:crypto';
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import {
  formatMoney,
  parseMoney,
  UPLOAD_MAX_BYTES,
  type RechargeChannel,
  type RechargeInfo,
  type RechargeRecord,
  type RechargeRecordList,
  type TimelineStep,
} from '@app/contracts';
import type { Db, DbOrTx, Tx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { audit } from '../../platform/audit/audit.service.ts';
import { once, requestHash } from '../../platform/idempotency/idempotency.service.ts';
import { postJournal, houseAccount, userAccount } from '../ledger/index.ts';
import { postInboxMessage } from '../inbox/index.ts';
import { checkDeposit } from '../limits/index.ts';
import { fourEyesStep } from '../operators/index.ts';
import type { UploadStore } from '../uploads/index.ts';
import { bpToPct, loadSettings } from './wallet-settings.ts';
import { deposits, rechargeChannels } from './wallet.table.ts';
import { walletHooks } from './wallet-hooks.ts';
import { seconds } from '../../platform/time/epoch.ts';
import { countUpToCap } from '../../platform/db/capped-count.ts';

export type ChannelRow = typeof rechargeChannels.$inferSelect;
export type DepositRow = typeof deposits.$inferSelect;

export function toChannel(c: ChannelRow): RechargeChannel {
  return {
    id: c.id,
    kind: c.kind as RechargeChannel['kind'],
    name: c.name,
    bank_name: c.bankName,
    account: c.account,
    holder: c.holder,
    currency: c.currency,
    network: c.network,
    address: c.address,
    min: formatMoney(c.minAmount),
    max: formatMoney(c.maxAmount),
    bonus_pct: bpToPct(c.bonusBp),
  };
}

export async function rechargeInfo(db: DbOrTx): Promise<RechargeInfo> {
  const rows = await db
    .select()
    .from(rechargeChannels)
    .where(eq(rechargeChannels.enabled, true))
    .orderBy(asc(rechargeChannels.sort), asc(rechargeChannels.id));
  return { channels: rows.map(toChannel), upload_max_mb: UPLOAD_MAX_BYTES / 1024 / 1024 };
}

export function depositTimeline(d: DepositRow): TimelineStep[] {
  const steps: TimelineStep[] = [{ step: 'submitted', at: seconds(d.createdAt)!, by: null, note: null }];
  // Above the four-eyes threshold: the first of the two approvals, as withdrawals show it.
  if (d.firstApprovedAt)
    steps.push({ step: 'reviewed', at: seconds(d.firstApprovedAt)!, by: d.firstApprovedBy, note: null });
  if (d.status === 2 && !d.creditedAt)
    steps.push({ step: 'refused', at: seconds(d.reviewedAt)!, by: d.reviewedBy, note: d.reason });
  if (d.creditedAt) steps.push({ step: 'credited', at: seconds(d.creditedAt)!, by: d.reviewedBy, note: d.reason });
  if (d.auditedAt)
    steps.push({
      step: d.status === 2 ? 'reversed' : 'audited',
      at: seconds(d.auditedAt)!,
      by: d.auditedBy,
      note: d.auditReason,
    });
  return steps;
}

export function toRecord(d: DepositRow): RechargeRecord {
  return {
    id: d.id,
    reference_code: d.referenceCode,
    class: d.class as RechargeRecord['class'],
    status: d.status as RechargeRecord['status'],
    channel_kind: d.channelKind,
    channel_name: d.channelName,
    amount: formatMoney(d.amount),
    payer_name: d.payerName,
    transfer_note: d.transferNote,
    has_screenshot: d.uploadId !== null,
    upload_id: d.uploadId,
    reason: d.status === 2 ? (d.auditReason ?? d.reason) : null,
    created_at: seconds(d.createdAt)!,
    timeline: depositTimeline(d),
  };
}

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** Eight characters without look-alikes (no 0/O, 1/I): easy to type into a bank's transfer note. */
export const newReferenceCode = () =>
  Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

export async function doRecharge(
  db: Db,
  store: UploadStore,
  input: {
    userId: number;
    channelId: number;
    amount: string;
    payerName: string;
    transferNote: string;
    uploadId: string;
    key: string;
    now: number;
  },
): Promise<RechargeRecord> {
  const amount = parseMoney(input.amount);
  if (amount === null || amount <= 0n) throw new AppError('invalid_request', { field: 'amount' });
  const [channel] = await db
    .select()
    .from(rechargeChannels)
    .where(and(eq(rechargeChannels.id, input.channelId), eq(rechargeChannels.enabled, true)));
  if (!channel) throw new AppError('channel_unavailable', { field: 'channel_id' });
  // A bank or payment-app transfer is matched by its payer's name; a crypto transfer has none (the chain has it).
  if (channel.kind !== 'crypto' && !input.payerName) throw new AppError('please_fill_in', { field: 'payer_name' });
  if (amount < channel.minAmount || amount > channel.maxAmount) {
    throw new AppError('recharge_amount_limit', {
      field: 'amount',
      params: { min: formatMoney(channel.minAmount), max: formatMoney(channel.maxAmount) },
    });
  }
  const upload = await store.meta(db, input.uploadId);
  // Someone else's file reads exactly like a missing one.
  if (!upload || upload.userId !== input.userId) throw new AppError('no_data', { field: 'upload_id' });

  const hash = requestHash('wallet.recharge', {
    c: channel.id,
    a: amount.toString(),
    p: input.payerName,
    n: input.transferNote,
    u: input.uploadId,
  });
  const answer = await once(
    db,
    { userId: input.userId, key: input.key, scope: 'wallet.recharge', hash },
    async (tx) => {
      // A time-out, self-exclusion or deposit limit refuses the request, counted with the request in this transaction.
      await checkDeposit(tx, input.userId, amount, input.now);
      for (let attempt = 0; ; attempt++) {
        const code = newReferenceCode();
        const [row] = await tx
          .insert(deposits)
          .values({
            userId: input.userId,
            class: 0,
            status: 3,
            channelId: channel.id,
            channelKind: channel.kind,
            channelName: channel.name,
            amount,
            bonusBp: channel.bonusBp,
            payerName: channel.kind === 'crypto' ? null : input.payerName,
            transferNote: input.transferNote || null,
            referenceCode: code,
            uploadId: upload.id,
            imageSha256: upload.sha256,
          })
          .onConflictDoNothing({ target: deposits.referenceCode })
          .returning();
        if (row) {
          await walletHooks.depositSubmitted.emit(tx, { id: row.id, userId: row.userId, amount: row.amount });
          return toRecord(row);
        }
        if (attempt > 5) throw new AppError('operation_failed');
      }
    },
  );
  return answer.value;
}

export async function rechargeRecords(
  db: DbOrTx,
  userId: number,
  q: PageInput & { id?: number | undefined },
): Promise<RechargeRecordList> {
  const filter = and(eq(deposits.userId, userId), q.id ? eq(deposits.id, q.id) : undefined);
  const rows = await db
    .select()
    .from(deposits)
    .where(and(filter, afterCursor(deposits.id, q)))
    .orderBy(desc(deposits.id))
    .limit(q.size)
    .offset(offsetOf(q));
  if (q.id && rows.length === 0) throw new AppError('no_data');
  const counted = await countUpToCap(db, deposits, filter);
  return { items: rows.map(toRecord), ...counted, page: q.page, next: nextCursor(rows, q.size) };
}

// ---------- operator review ----------

async function lockDeposit(tx: Tx, id: number): Promise<DepositRow> {
  const [row] = await tx
    .select()
    .from(deposits)
    .where(and(eq(deposits.id, id), eq(deposits.class, 0)))
    .for('update');
  if (!row) throw new AppError('no_data');
  return row;
}

/**
 * Approves a recharge under review. Above the four-eyes threshold the first approval is only recorded (the
 * record stays under review and nothing moves); a second, different operator's approval credits it, while the
 * first one still counts (`fourEyesStep`: a lapsed first approval is replaced by this one). Crediting
 * is one journal whose reference makes a second credit impossible, with the channel's bonus beside it.
 */
export async function approveDeposit(db: Db, d: Decision): Promise<RechargeRecord> {
  const settings = await loadSettings(db);
  return db.transaction(async (tx) => {
    const row = await lockDeposit(tx, d.id);
    if (row.status !== 3) throw new AppError('review_already_decided');
    const ip = d.ip ? { ip: d.ip } : {};
    if (row.amount > settings.fourEyesAbove) {
      const look = await fourEyesStep(tx, { first: row.firstApprovedBy, by: d.operator, permission: 'money.review' });
      if (look.step === 'first') {
        const [held] = await tx
          .update(deposits)
          .set({ firstApprovedBy: d.operator, firstApprovedAt: sql`now()` })
          .where(eq(deposits.id, row.id))
          .returning();
        await audit(tx, {
          operator: d.operator,
          action: 'deposit.approve_first',
          target: `deposit:${row.id}`,
          reason: d.reason,
          details: {
            amount: formatMoney(row.amount),
            threshold: formatMoney(settings.fourEyesAbove),
            ...(look.lapsed ? { lapsed: look.lapsed } : {}),
          },
          ...ip,
        });
        return toRecord(held!);
      }
    }
    const [updated] = await tx
      .update(deposits)
      .set({ status: 1, reviewedBy: d.operator, reviewedAt: sql`now()`, reason: d.reason, creditedAt: sql`now()` })
      .where(eq(deposits.id, row.id))
      .returning();
    const bonus = await creditDeposit(tx, row, d.operator);
    await audit(tx, {
      operator: d.operator,
      action: 'deposit.approve',
      target: `deposit:${row.id}`,
      reason: d.reason,
      details: {
        amount: formatMoney(row.amount),
        bonus: formatMoney(bonus),
        first_approval: row.firstApprovedBy,
      },
      ...ip,
    });
    return toRecord(updated!);
  });
}

/**
 * The approval a bulk approve gives one deposit of the queue it was picked from: one under review is approved
 * (above the threshold, its first or second approval), one credited awaiting audit is audited. Each service
 * locks the row and checks its state again, so a deposit decided meanwhile is refused as already decided.
 * `held` when the deposit still waits for a second operator (nothing was credited).
 */
export async function approveOrAuditDeposit(db: Db, d: Decision): Promise<{ record: RechargeRecord; held: boolean }> {
  const [row] = await db
    .select({ status: deposits.status })
    .from(deposits)
    .where(and(eq(deposits.id, d.id), eq(deposits.class, 0)));
  if (!row) throw new AppError('no_data');
  const record = row.status === 4 ? await auditDeposit(db, d) : await approveDeposit(db, d);
  return { record, held: record.status === 3 };
}

/** The credit of an approved recharge: its journal, the channel's bonus as a record of its own, the message. */
async function creditDeposit(tx: Tx, row: DepositRow, operator: string): Promise<bigint> {
  await postJournal(tx, {
    reference: `deposit:${row.id}:credit`,
    kind: 'deposit_credit',
    transfers: [{ from: houseAccount('deposits'), to: userAccount(row.userId, 'available'), amount: row.amount }],
    memo: { deposit: row.id, reference_code: row.referenceCode },
  });
  await walletHooks.depositCredited.emit(tx, row.userId);
  const bonus = (row.amount * BigInt(row.bonusBp)) / 10_000n;
  if (bonus > 0n) {
    const [bonusRow] = await tx
      .insert(deposits)
      .values({
        userId: row.userId,
        class: 3,
        status: 1,
        channelId: row.channelId,
        channelKind: row.channelKind,
        channelName: row.channelName,
        amount: bonus,
        referenceCode: `${row.referenceCode}B`,
        parentId: row.id,
        reviewedBy: operator,
        reviewedAt: sql`now()`,
        creditedAt: sql`now()`,
      })
      .returning();
    await postJournal(tx, {
      reference: `deposit:${bonusRow!.id}:bonus`,
      kind: 'deposit_bonus',
      transfers: [{ from: houseAccount('bonuses'), to: userAccount(row.userId, 'available'), amount: bonus }],
      memo: { deposit: bonusRow!.id, parent: row.id },
    });
  }
  await postInboxMessage(tx, {
    userId: row.userId,
    kind: 'deposit_approved',
    params: { reference: row.referenceCode, amount: formatMoney(row.amount) },
    reference: `deposit:${row.id}:approved`,
  });
  return bonus;
}

/**
 * The second operator's confirmation of a recharge credited at once above the threshold (4 -> 1): only records
 * approved before four-eyes held the credit are in that state.
 */
export async function auditDeposit(db: Db, d: Decision): Promise<RechargeRecord> {
  return db.transaction(async (tx) => {
    const row = await lockDeposit(tx, d.id);
    if (row.status !== 4) throw new AppError('review_already_decided');
    if (row.reviewedBy === d.operator) throw new AppError('second_operator_required');
    const [updated] = await tx
      .update(deposits)
      .set({ status: 1, auditedBy: d.operator, auditedAt: sql`now()`, auditReason: d.reason })
      .where(eq(deposits.id, row.id))
      .returning();
    await audit(tx, {
      operator: d.operator,
      action: 'deposit.audit',
      target: `deposit:${row.id}`,
      reason: d.reason,
      ...(d.ip ? { ip: d.ip } : {}),
    });
    return toRecord(updated!);
  });
}

/**
 * Refuses a recharge under review (3 -> 2, nothing moves), or, by a second operator, one awaiting audit
 * (4 -> 2): its credit and bonus are reversed by new journals (refused if the money is no longer there).
 */
export async function refuseDeposit(db: Db, d: Refusal): Promise<RechargeRecord> {
  return db.transaction(async (tx) => {
    const row = await lockDeposit(tx, d.id);
    const told = await toldUser(tx, d.wording, row.userId, d.reason);
    if (row.status === 3) {
      const [updated] = await tx
        .update(deposits)
        .set({ status: 2, reviewedBy: d.operator, reviewedAt: sql`now()`, reason: told.text })
        .where(eq(deposits.id, row.id))
        .returning();
      await postInboxMessage(tx, {
        userId: row.userId,
        kind: 'deposit_refused',
        params: { reference: row.referenceCode, amount: formatMoney(row.amount), reason: told.text },
        reference: `deposit:${row.id}:refused`,
      });
      await audit(tx, {
        operator: d.operator,
        action: 'deposit.refuse',
        target: `deposit:${row.id}`,
        reason: d.reason,
        ...(d.wording ? { details: told.audited } : {}),
        ...(d.ip ? { ip: d.ip } : {}),
      });
      return toRecord(updated!);
    }
    if (row.status !== 4) throw new AppError('review_already_decided');
    if (row.reviewedBy === d.operator) throw new AppError('second_operator_required');
    const transfers = [
      { from: userAccount(row.userId, 'available'), to: houseAccount('deposits'), amount: row.amount },
    ];
    await postJournal(tx, {
      reference: `deposit:${row.id}:reverse`,
      kind: 'deposit_reversal',
      transfers,
      memo: { deposit: row.id },
    });
    const bonuses = await tx
      .select()
      .from(deposits)
      .where(and(eq(deposits.parentId, row.id), ne(deposits.status, 2)));
    for (const b of bonuses) {
      await postJournal(tx, {
        reference: `deposit:${b.id}:reverse`,
        kind: 'deposit_reversal',
        transfers: [{ from: userAccount(row.userId, 'available'), to: houseAccount('bonuses'), amount: b.amount }],
        memo: { deposit: b.id, parent: row.id },
      });
      await tx.update(deposits).set({ status: 2, reason: told.text }).where(eq(deposits.id, b.id));
    }
    const [updated] = await tx
      .update(deposits)
      .set({ status: 2, auditedBy: d.operator, auditedAt: sql`now()`, auditReason: told.text })
      .where(eq(deposits.id, row.id))
      .returning();
    await postInboxMessage(tx, {
      userId: row.userId,
      kind: 'deposit_refused',
      params: { reference: row.referenceCode, amount: formatMoney(row.amount), reason: told.text },
      reference: `deposit:${row.id}:refused`,
    });
    await audit(tx, {
      operator: d.operator,
      action: 'deposit.reverse',
      target: `deposit:${row.id}`,
      reason: d.reason,
      ...(d.wording ? { details: told.audited } : {}),
      ...(d.ip ? { ip: d.ip } : {}),
    });
    return toRecord(updated!);
  });
}

/** Pending recharges for operators, each flagged when its image or transfer note was used before. */
/** A transfer screenshot for the operator reviewing it; reading it is audited. */
export async function readUploadForReview(
  db: Db,
  store: UploadStore,
  id: string,
  actor: { operator: string; reason: string; ip: string },
) {
  const found = await store.read(db, id);
  if (!found) throw new AppError('no_data');
  await audit(db, {
    operator: actor.operator,
    action: 'upload.read',
    target: `upload:${found.meta.id}`,
    reason: actor.reason,
    ip: actor.ip,
  });
  return found;
}
