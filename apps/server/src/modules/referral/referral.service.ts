import { and, count, eq, inArray, sql, sum } from 'drizzle-orm';
import {
  formatMoney,
  parseMoney,
  type InviteCondition,
  type InviteRecords,
  type InviteRules,
  type InviteSummary,
} from '@app/contracts';
import type { Db, DbOrTx, Tx } from '../../platform/db/client.ts';
import { audit } from '../../platform/audit/audit.service.ts';
import { postJournal, houseAccount, userAccount } from '../ledger/index.ts';
import { findUser, invitedUsers } from '../users/index.ts';
import { creditedRechargeCount, recordPromotionCredit } from '../wallet/index.ts';
import { inviteBonuses, inviteSettings } from './referral.table.ts';

export async function inviteRules(db: DbOrTx): Promise<{ amount: bigint; condition: InviteCondition }> {
  const [row] = await db.select().from(inviteSettings).where(eq(inviteSettings.id, 1));
  return { amount: row?.bonusAmount ?? 0n, condition: (row?.condition ?? 'real_name') as InviteCondition };
}

const rulesView = (r: { amount: bigint; condition: InviteCondition }): InviteRules => ({
  bonus_amount: formatMoney(r.amount),
  condition: r.condition,
});

export async function setInviteRules(
  db: Db,
  input: { amount: string; condition: InviteCondition; operator: string; reason: string; ip?: string },
): Promise<InviteRules> {
  const amount = parseMoney(input.amount);
  if (amount === null || amount < 0n) throw new Error('not an amount');
  return db.transaction(async (tx) => {
    const before = await inviteRules(tx);
    await tx
      .insert(inviteSettings)
      .values({ id: 1, bonusAmount: amount, condition: input.condition, updatedBy: input.operator })
      .onConflictDoUpdate({
        target: inviteSettings.id,
        set: { bonusAmount: amount, condition: input.condition, updatedBy: input.operator, updatedAt: sql`now()` },
      });
    await audit(tx, {
      operator: input.operator,
      action: 'invite.settings',
      target: 'invite_settings',
      reason: input.reason,
      details: { before: rulesView(before), after: rulesView({ amount, condition: input.condition }) },
      ...(input.ip ? { ip: input.ip } : {}),
    });
    return rulesView({ amount, condition: input.condition });
  });
}

/**
 * Called, inside the transaction of the event, when an invitee may have met a condition. Pays the inviter
 * the configured amount once per invitee (one level only: the inviter's own inviter gets nothing): the
 * `invite_bonuses` primary key admits one row per invitee, so a repeated or concurrent call does nothing.
 * Returns whether this call paid (or recorded) the qualification.
 */
export async function qualifyInvitee(tx: Tx, inviteeId: number, event: InviteCondition): Promise<boolean> {
  const rules = await inviteRules(tx);
  if (rules.condition !== event) return false;
  const inviterId = (await findUser(tx, inviteeId))?.inviterId;
  if (!inviterId || inviterId === inviteeId) return false;
  // An inviter who closed their account is paid nothing: no one could take the money out.
  if ((await findUser(tx, inviterId))?.closedAt) return false;
  if (event === 'first_deposit') {
    // Only the first credited self-service recharge qualifies, not a later one after a rule change.
    if ((await creditedRechargeCount(tx, inviteeId)) !== 1) return false;
  }
  const [row] = await tx
    .insert(inviteBonuses)
    .values({ inviteeId, inviterId, condition: event, amount: rules.amount })
    .onConflictDoNothing({ target: inviteBonuses.inviteeId })
    .returning();
  if (!row) return false;
  if (rules.amount > 0n) {
    const depositId = await recordPromotionCredit(tx, {
      userId: inviterId,
      amount: rules.amount,
      channelName: 'invitation',
      referenceCode: `INV${inviteeId}`,
    });
    await postJournal(tx, {
      reference: `invite:${inviteeId}:bonus`,
      kind: 'invite_bonus',
      transfers: [{ from: houseAccount('bonuses'), to: userAccount(inviterId, 'available'), amount: rules.amount }],
      memo: { invitee: inviteeId, condition: event, deposit: depositId },
    });
    await tx.update(inviteBonuses).set({ depositId }).where(eq(inviteBonuses.inviteeId, inviteeId));
  }
  return true;
}

/** "ab****yz": enough for the inviter to recognise a friend, not enough to find them. */
export function maskAccount(account: string): string {
  const chars = [...account];
  if (chars.length <= 2) return chars[0] + '*';
  if (chars.length <= 4) return chars[0] + '*'.repeat(chars.length - 2) + chars[chars.length - 1];
  return chars.slice(0, 2).join('') + '****' + chars.slice(-2).join('');
}

export async function inviteSummary(db: DbOrTx, userId: number): Promise<InviteSummary> {
  const me = await findUser(db, userId);
  const invited = await invitedUsers(db, userId, { page: 1, size: 0 });
  const [paid] = await db
    .select({ n: count(), total: sum(inviteBonuses.amount) })
    .from(inviteBonuses)
    .where(eq(inviteBonuses.inviterId, userId));
  return {
    invite_code: me?.inviteCode ?? '',
    invited_count: invited.total,
    qualified_count: Number(paid?.n ?? 0),
    bonus_total: formatMoney(BigInt(paid?.total ?? 0)),
    rules: rulesView(await inviteRules(db)),
  };
}

/** The bonuses an inviter was paid for these invitees, by invitee. */
export async function bonusesOf(db: DbOrTx, inviterId: number, inviteeIds: readonly number[]) {
  const rows = inviteeIds.length
    ? await db
        .select()
        .from(inviteBonuses)
        .where(and(eq(inviteBonuses.inviterId, inviterId), inArray(inviteBonuses.inviteeId, [...inviteeIds])))
    : [];
  return new Map(rows.map((row) => [row.inviteeId, row]));
}

export async function inviteRecords(
  db: DbOrTx,
  userId: number,
  q: { page: number; size: number },
): Promise<InviteRecords> {
  const invited = await invitedUsers(db, userId, q);
  const bonuses = await bonusesOf(
    db,
    userId,
    invited.rows.map((r) => r.id),
  );
  return {
    items: invited.rows
      .map((r) => ({ ...r, bonus: bonuses.get(r.id) ?? null }))
      .map((r) => ({
        account_masked: maskAccount(r.account),
        registered_at: Math.floor(r.createdAt.getTime() / 1000),
        qualified: r.bonus !== null,
        qualified_at: r.bonus ? Math.floor(r.bonus.createdAt.getTime() / 1000) : null,
        bonus: r.bonus ? formatMoney(r.bonus.amount) : null,
      })),
    total: invited.total,
    page: q.page,
  };
}
