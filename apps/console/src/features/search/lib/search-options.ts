import type { SearchAnswer, SearchDepositHit, SearchMatch, SearchUserHit, SearchWithdrawalHit } from '@app/contracts';

/** One result the box offers, and the console page it opens. */
export type SearchOption =
  | { kind: 'user'; id: string; to: string; hit: SearchUserHit }
  | { kind: 'deposit'; id: string; to: string; hit: SearchDepositHit }
  | { kind: 'withdrawal'; id: string; to: string; hit: SearchWithdrawalHit };

export type SearchGroup = { kind: SearchOption['kind']; options: SearchOption[]; more: boolean };

/** The part of a user's page a match is about: their payout methods, their deposits, else the page as it opens. */
const partFor = (match: SearchMatch | undefined) =>
  match?.field === 'payout_method' ? '?part=methods' : match?.field === 'deposit_reference' ? '?part=deposits' : '';

/**
 * The answer as the box lists it: one group per kind that has results (users, deposits, withdrawals), each option
 * with the page it opens: the user's page (on the part the key belongs to), the deposit or the withdrawal opened in
 * its queue. The options' order is the order the arrow keys go through.
 */
export function searchGroups(answer: SearchAnswer | undefined): SearchGroup[] {
  if (!answer) return [];
  const groups: SearchGroup[] = [
    {
      kind: 'user',
      more: answer.users.more,
      options: answer.users.items.map((hit) => ({
        kind: 'user',
        id: `user-${hit.id}`,
        to: `/users/${hit.id}${partFor(hit.matches[0])}`,
        hit,
      })),
    },
    {
      kind: 'deposit',
      more: answer.deposits?.more ?? false,
      options: (answer.deposits?.items ?? []).map((hit) => ({
        kind: 'deposit',
        id: `deposit-${hit.id}`,
        to: `/deposits?id=${hit.id}`,
        hit,
      })),
    },
    {
      kind: 'withdrawal',
      more: answer.withdrawals?.more ?? false,
      options: (answer.withdrawals?.items ?? []).map((hit) => ({
        kind: 'withdrawal',
        id: `withdrawal-${hit.id}`,
        to: `/withdrawals?id=${hit.id}`,
        hit,
      })),
    },
  ];
  return groups.filter((g) => g.options.length > 0);
}

/** The next option's index from `active` by `step` (wrapping; -1, none yet, goes to the first or the last). */
export function moveActive(active: number, step: 1 | -1, count: number): number {
  if (count === 0) return -1;
  if (active < 0) return step === 1 ? 0 : count - 1;
  return (active + step + count) % count;
}

/** Whether a key press "/" should open the search: not while typing in a field, not with a modifier. */
export function isSearchShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'target'>) {
  if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return false;
  const target = event.target as HTMLElement | null;
  if (!target || typeof target.closest !== 'function') return true;
  return !target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]');
}
