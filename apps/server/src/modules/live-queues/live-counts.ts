import { roleAllows, type ApprovalItem, type LiveCounts, type OperatorRole, type Permission } from '@app/contracts';
import type { OperatorIdentity } from '../../platform/http/operator-auth.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { heldChangesWaitingFor, waitingHeldChanges } from '../../platform/held-changes/held-changes.service.ts';
import type { Waiting } from '../../platform/live/waiting.ts';
import { adjustmentsWaiting, waitingAdjustments } from '../adjustments/index.ts';
import { waitingCases } from '../cases/index.ts';
import { waitingRealName } from '../kyc/index.ts';
import { waitingConversations } from '../support/index.ts';
import { secondApprovalsWaiting, waitingMoney } from '../wallet/index.ts';

/** Everything that waits for an operator, read from the database (so every node sees every node's arrivals). */
export type Snapshot = {
  money: Awaited<ReturnType<typeof waitingMoney>>;
  realName: Waiting;
  support: Waiting;
  cases: Waiting;
  adjustments: Waiting;
  held: Awaited<ReturnType<typeof waitingHeldChanges>>;
};

export async function readSnapshot(db: DbOrTx): Promise<Snapshot> {
  const [money, realName, support, cases, adjustments, held] = await Promise.all([
    waitingMoney(db),
    waitingRealName(db),
    waitingConversations(db),
    waitingCases(db),
    waitingAdjustments(db),
    waitingHeldChanges(db),
  ]);
  return { money, realName, support, cases, adjustments, held };
}

/**
 * One operator's view of a snapshot: only the queues their role may work, and in `approvals` only what waits for
 * them (not what they proposed or first-approved: that waits for another operator).
 */
export function countsFor({ role, name }: { role: OperatorRole; name: string }, s: Snapshot): LiveCounts {
  const may = (p: Permission) => roleAllows(role, p);
  const counts: LiveCounts['counts'] = {};
  const marks: LiveCounts['marks'] = {};
  const put = (queue: keyof LiveCounts['counts'], w: Waiting) => {
    counts[queue] = w.count;
    marks[queue] = w.latest;
  };
  if (may('money.review')) {
    put('deposits', s.money.deposits);
    put('withdrawals', s.money.withdrawals);
    put('cases', s.cases);
  }
  if (may('kyc.review')) put('real_name', s.realName);
  if (may('support.reply')) put('support', s.support);
  const approvals: Waiting[] = [];
  if (may('money.review')) approvals.push(s.money.depositsSecond, s.money.withdrawalsSecond);
  if (may('money.adjust')) approvals.push(s.adjustments);
  for (const [permission, w] of Object.entries(s.held)) if (may(permission as Permission)) approvals.push(w);
  put('approvals', {
    count: approvals.reduce((n, w) => n + w.count - (w.by?.[name] ?? 0), 0),
    // A mark that moves when any part gets a newer item or a count changes.
    latest: approvals.reduce((m, w) => m * 31 + w.latest + w.count, 0) % 2 ** 48,
  });
  return { counts, marks };
}

/** The operator's "waiting for my approval" queue: what their role may decide and someone else made, oldest first. */
export async function approvalsFor(db: DbOrTx, who: OperatorIdentity): Promise<ApprovalItem[]> {
  const may = (p: Permission) => roleAllows(who.role, p);
  const parts = await Promise.all([
    may('money.review') ? secondApprovalsWaiting(db, who.name) : [],
    may('money.adjust') ? adjustmentsWaiting(db, who.name) : [],
    heldChangesWaitingFor(db, who),
  ]);
  return parts.flat().sort((a, b) => a.created_at - b.created_at);
}
