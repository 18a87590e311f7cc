/**
 * Account addresses. Users hold buckets per asset; the house holds one account per purpose and asset.
 *   user:<id>:<asset>:<bucket>    e.g. user:42:USD:available
 *   house:<asset>:<purpose>       e.g. house:USD:fees
 */
export const USER_BUCKETS = ['available', 'frozen', 'plan'] as const;
export type UserBucket = (typeof USER_BUCKETS)[number];

export const HOUSE_PURPOSES = ['fees', 'trading', 'deposits', 'withdrawals', 'bonuses', 'plans', 'exchange'] as const;
export type HousePurpose = (typeof HOUSE_PURPOSES)[number];

export const userAccount = (userId: number, bucket: UserBucket, asset = 'USD') => `user:${userId}:${asset}:${bucket}`;
export const houseAccount = (purpose: HousePurpose, asset = 'USD') => `house:${asset}:${purpose}`;

export type ParsedAccount = { code: string; asset: string; userId: number | null };

export function parseAccountCode(code: string): ParsedAccount {
  const user = /^user:(\d+):([A-Z0-9]{2,10}):(available|frozen|plan)$/.exec(code);
  if (user) return { code, userId: Number(user[1]), asset: user[2]! };
  const house = /^house:([A-Z0-9]{2,10}):([a-z]+)$/.exec(code);
  if (house && (HOUSE_PURPOSES as readonly string[]).includes(house[2]!)) return { code, userId: null, asset: house[1]! };
  throw new Error(`not a ledger account: ${code}`);
}
