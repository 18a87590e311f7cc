import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  formatMoney,
  parseMoney,
  RISK_RULES,
  type HeldChange,
  type RiskFlag,
  type RiskRule,
  type RiskRuleView,
} from '@app/contracts';
import type { Db, DbOrTx, Tx } from '../../platform/db/client.ts';
import { audit } from '../../platform/audit/audit.service.ts';
import { holdChange, type HeldChangeOwner } from '../../platform/held-changes/held-changes.service.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { seconds } from '../../platform/time/epoch.ts';
import { RULES, type RuleSettings, type Submitted } from './rules.ts';
import { riskFlags, riskRules } from './risk.table.ts';

/** Thresholds of these rules are money (minor units); the others are counts. */
const MONEY_RULES: readonly RiskRule[] = ['new_payout_method'];

async function settingsOf(tx: DbOrTx): Promise<Record<RiskRule, RuleSettings>> {
  const rows = await tx.select().from(riskRules);
  const stored = new Map(rows.map((r) => [r.rule, r]));
  return Object.fromEntries(
    RISK_RULES.map((rule) => {
      const row = stored.get(rule);
      return [
        rule,
        row
          ? { threshold: row.threshold, windowSeconds: row.windowSeconds, enabled: row.enabled }
          : RULES[rule].defaults,
      ];
    }),
  ) as Record<RiskRule, RuleSettings>;
}

/**
 * Runs every enabled rule of the item's kind in the transaction that records the item, and raises a flag for each
 * hit: the item and its user carry it from the moment anyone can see the item.
 */
export async function evaluate(tx: Tx, item: Submitted): Promise<void> {
  const settings = await settingsOf(tx);
  for (const rule of RISK_RULES) {
    const { on, check } = RULES[rule];
    if (on !== item.kind || !settings[rule].enabled) continue;
    const details = await check(tx, item, settings[rule]);
    if (details)
      await tx.insert(riskFlags).values({ userId: item.userId, itemKind: item.kind, itemId: item.id, rule, details });
  }
}

const flagView = (r: typeof riskFlags.$inferSelect): RiskFlag => ({
  id: r.id,
  user_id: r.userId,
  item_kind: r.itemKind as RiskFlag['item_kind'],
  item_id: r.itemId,
  rule: r.rule as RiskRule,
  details: r.details,
  created_at: seconds(r.createdAt)!,
});

export async function listFlags(
  db: DbOrTx,
  q: {
    user_id?: number | undefined;
    rule?: RiskRule | undefined;
    item_kind?: RiskFlag['item_kind'] | undefined;
    item_ids?: string | undefined;
  },
) {
  const itemIds = q.item_ids ? [...new Set(q.item_ids.split(',').map(Number))] : undefined;
  const rows = await db
    .select()
    .from(riskFlags)
    .where(
      and(
        q.user_id ? eq(riskFlags.userId, q.user_id) : undefined,
        q.rule ? eq(riskFlags.rule, q.rule) : undefined,
        q.item_kind ? eq(riskFlags.itemKind, q.item_kind) : undefined,
        itemIds ? inArray(riskFlags.itemId, itemIds) : undefined,
      ),
    )
    .orderBy(desc(riskFlags.id))
    .limit(200);
  return rows.map(flagView);
}

const thresholdText = (rule: RiskRule, threshold: bigint) =>
  MONEY_RULES.includes(rule) ? formatMoney(threshold) : threshold.toString();

export async function listRules(db: DbOrTx): Promise<RiskRuleView[]> {
  const [settings, hits] = await Promise.all([
    settingsOf(db),
    db.select({ rule: riskFlags.rule, n: count() }).from(riskFlags).groupBy(riskFlags.rule),
  ]);
  const hitsOf = new Map(hits.map((h) => [h.rule, h.n]));
  return RISK_RULES.map((rule) => ({
    rule,
    threshold: thresholdText(rule, settings[rule].threshold),
    window_seconds: settings[rule].windowSeconds,
    enabled: settings[rule].enabled,
    hits: hitsOf.get(rule) ?? 0,
  }));
}

type Change = { threshold: string; window_seconds: number; enabled: boolean };

function parseThreshold(rule: RiskRule, text: string): bigint {
  const value = MONEY_RULES.includes(rule) ? parseMoney(text) : /^\d+$/.test(text) ? BigInt(text) : null;
  if (value === null || value < 0n) throw new AppError('invalid_request', { field: 'threshold' });
  return value;
}

/**
 * Every change of a rule's settings is held for a second operator (maker-checker): a looser threshold lets risk
 * through unseen, and which way is looser differs by rule, so none takes effect on one operator's word.
 */
export async function proposeRuleChange(
  db: Db,
  rule: RiskRule,
  change: Change,
  act: { operator: string; reason: string; ip: string },
): Promise<HeldChange> {
  parseThreshold(rule, change.threshold);
  return db.transaction(async (tx) => {
    const now = (await listRules(tx)).find((r) => r.rule === rule)!;
    const after = { ...change, threshold: thresholdText(rule, parseThreshold(rule, change.threshold)) };
    const fields = (['threshold', 'window_seconds', 'enabled'] as const)
      .filter((f) => now[f] !== after[f])
      .map((f) => ({ field: f, before: now[f], after: after[f] }));
    if (fields.length === 0) throw new AppError('invalid_request', { field: 'threshold' });
    return holdChange(tx, {
      kind: 'risk.rule',
      target: `risk-rule:${rule}`,
      permission: 'settings.edit',
      change: after,
      fields,
      act,
    });
  });
}

/** Applies an approved rule change (held-changes calls it in the approval's transaction). */
export const riskRuleOwner: HeldChangeOwner = {
  current: async (tx, target) => {
    const rule = target.replace(/^risk-rule:/, '') as RiskRule;
    const now = (await listRules(tx)).find((r) => r.rule === rule);
    if (!now) throw new AppError('not_found');
    return { threshold: now.threshold, window_seconds: now.window_seconds, enabled: now.enabled };
  },
  apply: async (tx, target, change, act) => {
    const rule = target.replace(/^risk-rule:/, '') as RiskRule;
    const c = change as Change;
    const values = {
      threshold: parseThreshold(rule, c.threshold),
      windowSeconds: c.window_seconds,
      enabled: c.enabled,
    };
    await tx
      .insert(riskRules)
      .values({ rule, ...values })
      .onConflictDoUpdate({ target: riskRules.rule, set: { ...values, updatedAt: sql`now()` } });
    await audit(tx, {
      operator: act.operator,
      action: 'risk_rule.change',
      target,
      reason: act.body.reason,
      details: { ...c, held_change: act.proposal.id, proposed_by: act.proposal.by },
      ip: act.ip,
    });
  },
};
