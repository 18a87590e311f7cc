import { userInfoSchema, type UserInfo } from './user.ts';

/**
 * A signed-in user's summary (GET /api/user/index) for the apps' tests: a new account with nothing on, with what a
 * test needs changed. Parsed by the contract, so a fixture cannot drift from what the server sends.
 */
export function userInfoFixture(changes: Partial<UserInfo> = {}): UserInfo {
  return userInfoSchema.parse({
    id: 1,
    account: 'demo',
    phone: '13800000000',
    invite_code: 'ABCD',
    real_name_state: 'none',
    is_vip: false,
    has_fund_password: false,
    second_factor: false,
    second_factors: { authenticator: false, passkeys: 0 },
    anti_phishing_code: null,
    frozen_at: null,
    avatar_id: null,
    created_at: 0,
    balances: { currency: 'USD', available: '0.00', frozen: '0.00', total: '0.00' },
    ...changes,
  });
}
