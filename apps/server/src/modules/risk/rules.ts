import { formatMoney, sameWrittenName, type RiskRule } from '@app/contracts';
import type { Tx } from '../../platform/db/client.ts';
import { verifiedRealName } from '../kyc/index.ts';
import { ordersPlacedSince } from '../orders/index.ts';
import { accountsSharingAddresses } from '../security/index.ts';
import { lastCreditedDepositAt, payoutMethodFacts, submittedSince } from '../wallet/index.ts';

/** A rule's settings as the table keeps them. */
export type RuleSettings = { threshold: bigint; windowSeconds: number; enabled: boolean };
type Details = Record<string, string | number | null>;

/** What a rule looks at: the item just submitted, in its transaction. */
export type Submitted =
  | { kind: 'deposit'; id: number; userId: number; amount: bigint; at: Date }
  | { kind: 'withdrawal'; id: number; userId: number; amount: bigint; methodId: number; at: Date };

type Check = (tx: Tx, item: Submitted, s: RuleSettings) => Promise<Details | null>;

const before = (at: Date, seconds: number) => new Date(at.getTime() - seconds * 1000);

/**
 * The rules table: each rule, the item it looks at, its default settings (a count, or money in minor units, and
 * a window), and its check, which answers what it saw when it hits, else null.
 */
export const RULES: Record<RiskRule, { on: Submitted['kind']; defaults: RuleSettings; check: Check }> = {
  // Many recharges in a short time: several small transfers from one source, or a bot.
  deposit_velocity: {
    on: 'deposit',
    defaults: { threshold: 5n, windowSeconds: 3600, enabled: true },
    check: async (tx, item, s) => {
      const n = await submittedSince(tx, item.userId, 'deposits', before(item.at, s.windowSeconds));
      return n >= Number(s.threshold) ? { count: n, window_seconds: s.windowSeconds } : null;
    },
  },
  withdrawal_velocity: {
    on: 'withdrawal',
    defaults: { threshold: 3n, windowSeconds: 86_400, enabled: true },
    check: async (tx, item, s) => {
      const n = await submittedSince(tx, item.userId, 'withdrawals', before(item.at, s.windowSeconds));
      return n >= Number(s.threshold) ? { count: n, window_seconds: s.windowSeconds } : null;
    },
  },
  // Money in and straight out again, with no order in between: the platform used as a pass-through.
  withdraw_without_trading: {
    on: 'withdrawal',
    defaults: { threshold: 0n, windowSeconds: 0, enabled: true },
    check: async (tx, item) => {
      const since = await lastCreditedDepositAt(tx, item.userId);
      if (!since) return null;
      const orders = await ordersPlacedSince(tx, item.userId, since);
      return orders <= 0 ? { deposit_at: Math.floor(since.getTime() / 1000), orders } : null;
    },
  },
  // Paid out to someone else's card or account.
  holder_name_mismatch: {
    on: 'withdrawal',
    defaults: { threshold: 0n, windowSeconds: 0, enabled: true },
    check: async (tx, item) => {
      if (item.kind !== 'withdrawal') return null;
      const [method, realName] = await Promise.all([
        payoutMethodFacts(tx, item.methodId),
        verifiedRealName(tx, item.userId),
      ]);
      if (!method?.holder || !realName || sameWrittenName(method.holder, realName)) return null;
      return { holder: method.holder, real_name: realName };
    },
  },
  // One card or address bound by several accounts: one person behind them.
  shared_payout_method: {
    on: 'withdrawal',
    defaults: { threshold: 1n, windowSeconds: 0, enabled: true },
    check: async (tx, item, s) => {
      if (item.kind !== 'withdrawal') return null;
      const method = await payoutMethodFacts(tx, item.methodId);
      if (!method || method.sharedWith.length < Number(s.threshold)) return null;
      return { other_accounts: method.sharedWith.length, other_user_ids: method.sharedWith.slice(0, 10).join(',') };
    },
  },
  // Several accounts signing in from one personal address: one person behind them (the addresses a crowd shares,
  // private networks and carrier-grade NAT, are left out). Devices are not compared: the server knows a browser's
  // name, which millions share, and fingerprinting a phone to tell it apart would be tracking the user.
  shared_address: {
    on: 'withdrawal',
    defaults: { threshold: 3n, windowSeconds: 7 * 86_400, enabled: true },
    check: async (tx, item, s) => {
      const shared = await accountsSharingAddresses(tx, item.userId, before(item.at, s.windowSeconds));
      if (shared.others.length < Number(s.threshold)) return null;
      return {
        other_accounts: shared.others.length,
        addresses: shared.addresses.slice(0, 3).join(', '),
        other_user_ids: shared.others.slice(0, 10).join(','),
      };
    },
  },
  // A destination bound just before a large withdrawal: a taken-over account being emptied.
  new_payout_method: {
    on: 'withdrawal',
    defaults: { threshold: 500_000n, windowSeconds: 86_400, enabled: true },
    check: async (tx, item, s) => {
      if (item.kind !== 'withdrawal' || item.amount < s.threshold) return null;
      const method = await payoutMethodFacts(tx, item.methodId);
      if (!method) return null;
      const age = Math.floor((item.at.getTime() - method.createdAt.getTime()) / 1000);
      return age < s.windowSeconds ? { method_age_seconds: age, amount: formatMoney(item.amount) } : null;
    },
  },
};
