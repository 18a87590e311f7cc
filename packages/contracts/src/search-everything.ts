import { z } from 'zod';

/**
 * The console's "search everything" (`GET /admin/search?q=`): one box that finds a user by any key an operator
 * may be handed (id, account, phone, real name, invitation code, payout card or wallet address, deposit reference)
 * and a deposit or a withdrawal by its reference or id. Every key is matched exactly or by its beginning, each
 * through an index of the module that owns it (docs/operators.md, "Search everything").
 */

/** The longest query: a wallet address or a card number with spaces fits; anything longer matches nothing. */
export const SEARCH_MAX_LENGTH = 128;
/** From this many characters a key that can be typed in part matches by its beginning; below, only exactly. */
export const SEARCH_PREFIX_FROM = 2;
/** At most this many items of each kind; `more` says when there were more (type more of the key). */
export const SEARCH_LIMIT = 10;

/**
 * A query that is a number typed in groups ("138 0013 8000", "6222-0212-...") as it is kept (digits and a leading
 * +, nothing between): phone and card numbers are looked up so. Null when the query is not such a number.
 */
export function compactNumber(q: string): string | null {
  const compact = q.replace(/[\s-]/g, '');
  return /^\+?[0-9]+$/.test(compact) ? compact : null;
}

export const searchQuerySchema = z.object({
  // Taken literally: `%`, `_` and `\` are characters like any other; blank is refused (please_fill_in).
  q: z.string().trim().min(1).max(SEARCH_MAX_LENGTH, 'invalid_request'),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** Which key of a user matched. */
export const SEARCH_USER_FIELDS = [
  'id',
  'account',
  'phone',
  'invite_code',
  'real_name',
  'payout_method',
  'deposit_reference',
] as const;
export const searchUserFieldSchema = z.enum(SEARCH_USER_FIELDS);
export type SearchUserField = z.infer<typeof searchUserFieldSchema>;

/** One key that matched, as the console shows it: phone numbers, real names and payout accounts masked. */
export const searchMatchSchema = z.object({
  field: searchUserFieldSchema,
  value: z.string(),
  /** The whole key was typed (not only its beginning). */
  exact: z.boolean(),
  /** A payout method the user has since removed (it still finds them). */
  removed: z.boolean(),
});
export type SearchMatch = z.infer<typeof searchMatchSchema>;

export const searchUserHitSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  /** Masked as payout numbers are: 3 leading and 3 trailing characters. */
  phone_masked: z.string(),
  real_name_state: z.string(),
  locked: z.boolean(),
  frozen: z.boolean(),
  closed: z.boolean(),
  /** Every key of the user that matched, the exact ones first. */
  matches: z.array(searchMatchSchema),
});
export type SearchUserHit = z.infer<typeof searchUserHitSchema>;

export const searchDepositHitSchema = z.object({
  id: z.number().int(),
  reference_code: z.string(),
  user_id: z.number().int(),
  account: z.string(),
  amount: z.string(),
  /** 1 credited, 2 refused, 3 under review, 4 credited awaiting audit. */
  status: z.number().int(),
  created_at: z.number().int(),
  /** Found by its id or by its reference code. */
  matched: z.enum(['id', 'reference']),
  exact: z.boolean(),
});
export type SearchDepositHit = z.infer<typeof searchDepositHitSchema>;

export const searchWithdrawalHitSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  account: z.string(),
  amount: z.string(),
  /** 1 paid, 2 refused, 3 under review. */
  status: z.number().int(),
  /** The destination as the user saw it at submission (masked). */
  destination: z.string(),
  created_at: z.number().int(),
});
export type SearchWithdrawalHit = z.infer<typeof searchWithdrawalHitSchema>;

const groupOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), more: z.boolean() });

/** No echo of the query: it may be a whole card or phone number, which no answer holds. */
export const searchAnswerSchema = z.object({
  users: groupOf(searchUserHitSchema),
  /** Null when the operator's role may not review money (`money.review`): deposits and withdrawals not searched. */
  deposits: groupOf(searchDepositHitSchema).nullable(),
  withdrawals: groupOf(searchWithdrawalHitSchema).nullable(),
});
export type SearchAnswer = z.infer<typeof searchAnswerSchema>;
