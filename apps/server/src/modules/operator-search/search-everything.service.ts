import {
  SEARCH_LIMIT,
  SEARCH_USER_FIELDS,
  type SearchAnswer,
  type SearchMatch,
  type SearchUserHit,
} from '@app/contracts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { searchRealNamesForOperator } from '../kyc/index.ts';
import { searchUsersForOperator, userSearchSummaries } from '../users/index.ts';
import {
  searchDepositsForOperator,
  searchPayoutMethodsForOperator,
  searchWithdrawalsForOperator,
} from '../wallet/index.ts';

type Scope = {
  /** The operator may review money (`money.review`): deposits and withdrawals are searched and answered. */
  money: boolean;
};

const fieldRank = (m: SearchMatch) => SEARCH_USER_FIELDS.indexOf(m.field);

/**
 * One query over every key, each module looking up its own (all at once, each an index range stopped after
 * SEARCH_LIMIT + 1 rows): the users module's ids, accounts, phones and invitation codes; the KYC module's real
 * names; the wallet's payout accounts, deposit references and ids, and withdrawal ids. A user found by several keys
 * is one item with every key that matched; users with a whole key typed come first. A deposit found by its
 * reference also finds its user (whose page lists it), for operators who may not open the deposit itself.
 */
export async function searchEverything(db: DbOrTx, q: string, scope: Scope): Promise<SearchAnswer> {
  const limit = SEARCH_LIMIT;
  const [keys, names, methods, deposits, withdrawals] = await Promise.all([
    searchUsersForOperator(db, q, limit),
    searchRealNamesForOperator(db, q, limit),
    searchPayoutMethodsForOperator(db, q, limit),
    searchDepositsForOperator(db, q, limit),
    scope.money ? searchWithdrawalsForOperator(db, q) : Promise.resolve([]),
  ]);

  const matchesOf = new Map<number, SearchMatch[]>();
  const found = (userId: number, match: SearchMatch) => {
    const list = matchesOf.get(userId) ?? [];
    if (!list.some((m) => m.field === match.field && m.value === match.value)) list.push(match);
    matchesOf.set(userId, list);
  };
  for (const h of keys.hits) found(h.userId, { field: h.field, value: h.value, exact: h.exact, removed: false });
  for (const h of names.hits) found(h.userId, { field: 'real_name', value: h.value, exact: h.exact, removed: false });
  for (const h of methods.hits)
    found(h.userId, { field: 'payout_method', value: h.value, exact: h.exact, removed: h.removed });
  for (const d of deposits.hits)
    if (d.matched === 'reference')
      found(d.userId, { field: 'deposit_reference', value: d.referenceCode, exact: d.exact, removed: false });

  const exactFirst = [...matchesOf.entries()]
    .map(([userId, matches]) => ({
      userId,
      matches: matches.sort((a, b) => Number(b.exact) - Number(a.exact) || fieldRank(a) - fieldRank(b)),
    }))
    .sort((a, b) => Number(b.matches[0]!.exact) - Number(a.matches[0]!.exact));
  const shownUsers = exactFirst.slice(0, limit);
  const shownDeposits = scope.money ? deposits.hits : [];

  const summaries = await userSearchSummaries(db, [
    ...new Set([
      ...shownUsers.map((u) => u.userId),
      ...shownDeposits.map((d) => d.userId),
      ...withdrawals.map((w) => w.userId),
    ]),
  ]);
  const accountOf = (userId: number) => summaries.get(userId)?.account ?? `#${userId}`;

  const users: SearchUserHit[] = [];
  for (const { userId, matches } of shownUsers) {
    const u = summaries.get(userId);
    if (!u) continue;
    users.push({
      id: u.id,
      account: u.account,
      phone_masked: u.phoneMasked,
      real_name_state: u.realNameState,
      locked: u.locked,
      frozen: u.frozen,
      closed: u.closed,
      matches,
    });
  }
  return {
    users: {
      items: users,
      more: exactFirst.length > limit || keys.more || names.more || methods.more || deposits.more,
    },
    deposits: scope.money
      ? {
          items: shownDeposits.map((d) => ({
            id: d.id,
            reference_code: d.referenceCode,
            user_id: d.userId,
            account: accountOf(d.userId),
            amount: d.amount,
            status: d.status,
            created_at: d.createdAt,
            matched: d.matched,
            exact: d.exact,
          })),
          more: deposits.more,
        }
      : null,
    withdrawals: scope.money
      ? {
          items: withdrawals.map((w) => ({
            id: w.id,
            user_id: w.userId,
            account: accountOf(w.userId),
            amount: w.amount,
            status: w.status,
            destination: w.destination,
            created_at: w.createdAt,
          })),
          more: false,
        }
      : null,
  };
}
