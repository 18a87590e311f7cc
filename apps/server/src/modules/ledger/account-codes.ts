/**
 * Account addresses. Users hold buckets per asset; the house holds one account per purpose and asset.
 *   user:<id>:<asset>:<bucket>    e.g. user:42:USD:available
 *   house:<asset>:<purpose>       e.g. house:USD:fees
 */
// The buckets (contracts' USER_BUCKETS says what each holds): one list for the ledger, its API and the console.
import { USER_BUCKETS, type UserBucket } from '@app/contracts';

export { USER_BUCKETS, type UserBucket } from '@app/contracts';

export const HOUSE_PURPOSES = [
  'fees',
  'trading',
  'deposits',
  'withdrawals',
  'bonuses',
  'plans',
  'exchange',
  'practice',
  /** Operators' balance adjustments (credits and debits with a category and a reason, four-eyes above the threshold). */
  'adjustments',
] as const;
export type HousePurpose = (typeof HOUSE_PURPOSES)[number];

/**
 * Practice (virtual) money is its own asset: user:<id>:PUSD:available|frozen and house:PUSD:<purpose>.
 * A database trigger refuses any journal that touches both PUSD and any other asset.
 */
export const PRACTICE_ASSET = 'PUSD';

export const userAccount = (userId: number, bucket: UserBucket, asset = 'USD') => `user:${userId}:${asset}:${bucket}`;
export const houseAccount = (purpose: HousePurpose, asset = 'USD') => `house:${asset}:${purpose}`;

/**
 * Busy house accounts (every order pays a fee, every settlement touches trading) are split into shards
 * picked by user, so concurrent orders do not queue on one row. A purpose's balance is the sum of its
 * shards.
 */
export const HOUSE_SHARDS = 16;
export const houseShard = (purpose: HousePurpose, userId: number, asset = 'USD') =>
  `house:${asset}:${purpose}:${userId % HOUSE_SHARDS}`;

export type ParsedAccount = { code: string; asset: string; userId: number | null };

const USER_CODE = new RegExp(`^user:(\\d+):([A-Z0-9]{2,10}):(${USER_BUCKETS.join('|')})$`);

/** The bucket of a user's account code (user:<id>:<asset>:<bucket>). */
export function bucketOf(code: string): UserBucket {
  const user = USER_CODE.exec(code);
  if (!user) throw new Error(`not a user's ledger account: ${code}`);
  return user[3] as UserBucket;
}

export function parseAccountCode(code: string): ParsedAccount {
  const user = USER_CODE.exec(code);
  if (user) return { code, userId: Number(user[1]), asset: user[2]! };
  const house = /^house:([A-Z0-9]{2,10}):([a-z]+)(?::\d{1,3})?$/.exec(code);
  if (house && (HOUSE_PURPOSES as readonly string[]).includes(house[2]!))
    return { code, userId: null, asset: house[1]! };
  throw new Error(`not a ledger account: ${code}`);
}
