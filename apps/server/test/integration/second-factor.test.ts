import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, isNull } from 'drizzle-orm';
import { generate } from 'otplib';
import { users } from '../../src/modules/users/users.table.ts';
import { paymentMethods, withdrawals } from '../../src/modules/wallet/wallet.table.ts';
import { userRecoveryCodes } from '../../src/modules/auth/auth.table.ts';
import { postJournal } from '../../src/modules/ledger/ledger.service.ts';
import { houseAccount, userAccount } from '../../src/modules/ledger/account-codes.ts';
import { call, createTestApp, registerUser, type Answer, type TestApp } from '../helpers/test-app.ts';
import { changeControl } from '../helpers/held-change.ts';
import { intentKey, SATURDAY_MORNING_SHANGHAI } from './wallet-helpers.ts';

/**
 * The authenticator app and step-up: enrolment with a code and ten recovery codes; every protected request
 * refused with `second_factor_required` without a fresh factor and `second_factor_wrong` with another user's,
 * changing nothing; codes accepted once; guessing counted per user like every secret, atomically.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: () => SATURDAY_MORNING_SHANGHAI });
  await changeControl(t.admin, '/admin/wallet-settings', { reason: 'second factor test', hold_hours: 0 });
});
afterAll(async () => t?.close());

type User = Awaited<ReturnType<typeof registerUser>>;
type Enrolled = User & { secret: string; recovery: string[] };

const post = (token: string, url: string, body: Record<string, string> = {}, extra: { userAgent?: string } = {}) =>
  call(t.app, 'POST', url, { token, body, ...extra });
const nowSeconds = () => Math.floor(Date.now() / 1000);
/** The code an app shows `offset` seconds from now (one step either side is accepted for clock drift). */
const codeAt = (secret: string, offset = 0) => generate({ secret, epoch: nowSeconds() + offset });

async function enrolled(): Promise<Enrolled> {
  const u = await registerUser(t.app, t.database);
  const started = await post(u.token, '/api/user/authenticator/start');
  expect(started).toMatchObject({ code: 200 });
  const secret = started.data.secret as string;
  expect(started.data.otpauth_uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
  const confirmed = await post(u.token, '/api/user/authenticator/confirm', { code: await codeAt(secret) });
  expect(confirmed).toMatchObject({ code: 200, key: 'authenticator_on' });
  return { ...u, secret, recovery: confirmed.data.recovery_codes };
}

async function withFundPassword(u: User) {
  expect((await post(u.token, '/api/user/pwd_pay', { password: 'fund1234', password_confirm: 'fund1234' })).key).toBe(
    'fund_password_set',
  );
}

async function fund(userId: number, cents: bigint) {
  await t.database.db.transaction((tx) =>
    postJournal(tx, {
      reference: `test:fund:${intentKey()}`,
      kind: 'system_gift',
      transfers: [{ from: houseAccount('bonuses'), to: userAccount(userId, 'available'), amount: cents }],
    }),
  );
}

const card = (n: number) => ({
  bank_name: 'Test Bank',
  branch: 'Main St',
  holder: 'Test Holder',
  card_number: `62220000${String(process.pid % 10000).padStart(4, '0')}${String(n).padStart(4, '0')}`,
});
let cards = 0;

const userRow = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;
const liveMethods = async (id: number) =>
  (
    await t.database.db
      .select({ n: count() })
      .from(paymentMethods)
      .where(and(eq(paymentMethods.userId, id), isNull(paymentMethods.removedAt)))
  )[0]!.n;
const withdrawalsOf = async (id: number) =>
  (await t.database.db.select({ n: count() }).from(withdrawals).where(eq(withdrawals.userId, id)))[0]!.n;

describe('enrolling the authenticator app', () => {
  it('turns on with a code, shows ten recovery codes once, and says so in the user summary and the withdraw rules', async () => {
    const u = await enrolled();
    expect(u.recovery).toHaveLength(10);
    expect(new Set(u.recovery).size).toBe(10);
    for (const code of u.recovery) expect(code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    const stored = await t.database.db
      .select({ hash: userRecoveryCodes.codeHash })
      .from(userRecoveryCodes)
      .where(eq(userRecoveryCodes.userId, u.user.id));
    expect(stored).toHaveLength(10);
    expect(stored.map((s) => s.hash)).not.toContain(u.recovery[0]);

    const status = await call(t.app, 'GET', '/api/user/authenticator', { token: u.token });
    expect(status.data).toMatchObject({ on: true, recovery_codes_left: 10 });
    const info = await call(t.app, 'GET', '/api/user/index', { token: u.token });
    expect(info.data.second_factor).toBe(true);
    expect(info.data.second_factors).toEqual({ authenticator: true, passkeys: 0 });
    const rules = await call(t.app, 'GET', '/api/user/cash', { token: u.token });
    expect(rules.data.second_factor).toBe(true);
    // Enrolling again is refused while it is on.
    expect((await post(u.token, '/api/user/authenticator/start')).key).toBe('authenticator_already_on');
  });

  it('a wrong first code leaves it off; confirm without start is refused', async () => {
    const u = await registerUser(t.app, t.database);
    expect((await post(u.token, '/api/user/authenticator/confirm', { code: '123456' })).key).toBe(
      'authenticator_not_started',
    );
    const started = await post(u.token, '/api/user/authenticator/start', {}, {});
    const right = await codeAt(started.data.secret);
    const wrong = right === '000000' ? '000001' : '000000';
    const refused = await post(u.token, '/api/user/authenticator/confirm', { code: wrong }, {});
    expect(refused).toMatchObject({ code: 400, key: 'second_factor_wrong' });
    expect((await userRow(u.user.id)).secondFactorOnAt).toBeNull();
    const info = await call(t.app, 'GET', '/api/user/index', { token: u.token });
    expect(info.data.second_factor).toBe(false);
  });

  it('a user with nothing on is not asked for a second factor', async () => {
    const u = await registerUser(t.app, t.database);
    const added = await post(u.token, '/api/user/add_card', card(++cards));
    expect(added.code).toBe(200);
  });
});

/**
 * Each protected request, as it would be sent, with the second factor (if any) given as `second_factor_code`.
 * `changed` reads what the request would change, so a refusal can be shown to have changed nothing.
 */
type Protected = {
  name: string;
  setup?: (u: Enrolled) => Promise<Record<string, string>>;
  send: (u: Enrolled, ctx: Record<string, string>, code?: string) => Promise<Answer>;
  changed: (u: Enrolled) => Promise<unknown>;
};

const withCode = (body: Record<string, string>, code?: string) =>
  code === undefined ? body : { ...body, second_factor_code: code };

const protectedRequests: Protected[] = [
  {
    name: 'a withdrawal',
    setup: async (u) => {
      await withFundPassword(u);
      await fund(u.user.id, 100_000n);
      // Bound before the factor existed would need a step-up too; bind it with a recovery code.
      const bound = await post(u.token, '/api/user/add_card', withCode(card(++cards), u.recovery.pop()));
      expect(bound.code).toBe(200);
      return { method: String(bound.data.id) };
    },
    send: (u, ctx, code) =>
      post(
        u.token,
        '/api/user/cash',
        withCode({ method_id: ctx.method!, amount: '100', fund_password: 'fund1234', key: intentKey() }, code),
      ),
    changed: (u) => withdrawalsOf(u.user.id),
  },
  {
    name: 'binding a bank card',
    send: (u, _ctx, code) => post(u.token, '/api/user/add_card', withCode(card(++cards), code)),
    changed: (u) => liveMethods(u.user.id),
  },
  {
    name: 'binding a wallet address',
    send: (u, _ctx, code) =>
      post(
        u.token,
        '/api/user/add_wallet_addr',
        withCode({ currency: 'USDT', network: 'TRC20', address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8' }, code),
      ),
    changed: (u) => liveMethods(u.user.id),
  },
  {
    name: 'binding Alipay',
    send: (u, _ctx, code) =>
      post(u.token, '/api/user/add_payment', withCode({ kind: 'alipay', holder: 'Test', account: 'a@b.cn' }, code)),
    changed: (u) => liveMethods(u.user.id),
  },
  {
    name: 'editing a payout method',
    setup: async (u) => {
      const bound = await post(u.token, '/api/user/add_card', withCode(card(++cards), u.recovery.pop()));
      // An edit customer service allowed: only such an edit gets as far as asking for the factor.
      const allowed = await changeControl(
        t.admin,
        `/admin/users/${u.user.id}/payment-methods/${bound.data.id}/allow-edit`,
        {
          reason: 'card replaced by the bank, caller verified',
        },
      );
      expect(allowed.code).toBe(200);
      return { method: String(bound.data.id) };
    },
    send: (u, ctx, code) => post(u.token, '/api/user/edit_card', withCode({ id: ctx.method!, ...card(++cards) }, code)),
    changed: (u) => liveMethods(u.user.id),
  },
  {
    name: 'removing a payout method',
    setup: async (u) => {
      const bound = await post(u.token, '/api/user/add_card', withCode(card(++cards), u.recovery.pop()));
      return { method: String(bound.data.id) };
    },
    send: (u, ctx, code) => post(u.token, '/api/user/del_payment', withCode({ id: ctx.method! }, code)),
    changed: (u) => liveMethods(u.user.id),
  },
  {
    name: 'changing the login password',
    send: (u, _ctx, code) =>
      post(
        u.token,
        '/api/user/pwd_login',
        withCode({ old_password: 'secret123', password: 'newpass987', password_confirm: 'newpass987' }, code),
      ),
    changed: async (u) => (await userRow(u.user.id)).passwordHash,
  },
  {
    name: 'changing the fund password',
    setup: async (u) => {
      await withFundPassword(u);
      return {};
    },
    send: (u, _ctx, code) =>
      post(
        u.token,
        '/api/user/pwd_pay',
        withCode({ old_password: 'fund1234', password: 'fund9876', password_confirm: 'fund9876' }, code),
      ),
    changed: async (u) => (await userRow(u.user.id)).fundPasswordHash,
  },
  {
    name: 'turning the authenticator off',
    send: (u, _ctx, code) => post(u.token, '/api/user/authenticator/disable', withCode({}, code)),
    changed: async (u) => (await userRow(u.user.id)).secondFactorOnAt?.getTime(),
  },
  {
    name: 'exporting my data',
    send: (u, _ctx, code) => post(u.token, '/api/user/export', withCode({}, code)),
    // A refused export writes nothing; that no file left is the refusal's envelope itself.
    changed: async () => 'nothing',
  },
  {
    name: 'turning the withdrawal allow-list off',
    setup: async (u) => {
      await withFundPassword(u);
      expect((await post(u.token, '/api/user/withdraw_allowlist', { on: '1' })).data.state).toBe('on');
      return {};
    },
    send: (u, _ctx, code) =>
      post(u.token, '/api/user/withdraw_allowlist', withCode({ on: '0', fund_password: 'fund1234' }, code)),
    changed: async (u) => (await call(t.app, 'GET', '/api/user/withdraw_allowlist', { token: u.token })).data.state,
  },
  {
    name: 'closing the account',
    send: (u, _ctx, code) => post(u.token, '/api/user/close', withCode({ password: 'secret123' }, code)),
    changed: async (u) => (await userRow(u.user.id)).closedAt,
  },
  {
    name: 'signing in from a new device',
    send: (u, _ctx, code) =>
      call(t.app, 'POST', '/api/login/index', {
        body: withCode({ account: u.account, password: 'secret123' }, code),
        userAgent: `Mozilla/5.0 (new device ${intentKey()})`,
      }),
    changed: async (u) => (await userRow(u.user.id)).lang,
  },
];

describe('step-up', () => {
  for (const request of protectedRequests) {
    it(`${request.name}: refused without a fresh factor and with another user's, changing nothing`, async () => {
      const [u, other] = await Promise.all([enrolled(), enrolled()]);
      const ctx = (await request.setup?.(u)) ?? {};
      const before = await request.changed(u);

      const without = await request.send(u, ctx);
      expect(without).toMatchObject({ code: 403, status: 403, key: 'second_factor_required' });
      expect(without.msg).toMatch(/authenticator/i);
      // Another user's current code and another user's recovery code are wrong for this user.
      const othersCode = await request.send(u, ctx, await codeAt(other.secret, 30));
      expect(othersCode).toMatchObject({ code: 400, key: 'second_factor_wrong' });
      const othersRecovery = await request.send(u, ctx, other.recovery[0]);
      expect(othersRecovery).toMatchObject({ code: 400, key: 'second_factor_wrong' });
      expect(await request.changed(u)).toEqual(before);
    });
  }

  it('the message is translated', async () => {
    const u = await enrolled();
    const refused = await call(t.app, 'POST', '/api/user/add_card', {
      token: u.token,
      body: card(++cards),
      lang: 'zh',
    });
    expect(refused).toMatchObject({ key: 'second_factor_required', msg: expect.stringContaining('身份验证器') });
  });

  it('a withdrawal goes through with a fresh code, and the same code replayed is refused', async () => {
    const u = await enrolled();
    const [, ctx] = [await withFundPassword(u), {} as Record<string, string>];
    await fund(u.user.id, 100_000n);
    const bound = await post(u.token, '/api/user/add_card', withCode(card(++cards), u.recovery.pop()));
    ctx.method = String(bound.data.id);
    // The code of the step after the one enrolment used (accepted for clock drift).
    const code = await codeAt(u.secret, 30);
    const cash = (c: string) =>
      post(u.token, '/api/user/cash', {
        method_id: ctx.method!,
        amount: '100',
        fund_password: 'fund1234',
        second_factor_code: c,
        key: intentKey(),
      });
    expect((await cash(code)).key).toBe('withdrawal_submitted');
    expect(await cash(code)).toMatchObject({ key: 'second_factor_wrong' });
    // An earlier code than the last accepted is refused too (the enrolment's step).
    expect(await cash(await codeAt(u.secret, -30))).toMatchObject({ key: 'second_factor_wrong' });
    expect(await withdrawalsOf(u.user.id)).toBe(1);
  });

  it('a code sent twice at once is accepted once', async () => {
    const u = await enrolled();
    const code = await codeAt(u.secret, 30);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => post(u.token, '/api/user/add_card', withCode(card(++cards), code))),
    );
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.key === 'second_factor_wrong')).toHaveLength(5);
  });

  it('a change refused for its own sake (duplicate card, wrong address, locked method) spends no code', async () => {
    const u = await enrolled();
    const bound = await post(u.token, '/api/user/add_card', withCode(card(++cards), u.recovery.pop()));
    expect(bound.code).toBe(200);
    const code = u.recovery.pop()!;
    const duplicate = await post(u.token, '/api/user/add_card', withCode(card(cards), code));
    expect(duplicate.key).toBe('bank_card_exists');
    const badAddress = await post(
      u.token,
      '/api/user/add_wallet_addr',
      withCode({ currency: 'USDT', network: 'TRC20', address: 'not-an-address' }, code),
    );
    expect(badAddress.key).toBe('wallet_address_invalid');
    const locked = await post(u.token, '/api/user/edit_card', withCode({ id: bound.data.id, ...card(++cards) }, code));
    expect(locked.key).toBe('method_locked');
    const missing = await post(u.token, '/api/user/del_payment', withCode({ id: '999999999' }, code));
    expect(missing.key).toBe('no_data');
    // The same recovery code still works: none of the refusals above spent it.
    expect((await post(u.token, '/api/user/add_card', withCode(card(++cards), code))).code).toBe(200);
    const status = await call(t.app, 'GET', '/api/user/authenticator', { token: u.token });
    expect(status.data.recovery_codes_left).toBe(8);
  });

  it('each recovery code works once, in any case and without dashes', async () => {
    const u = await enrolled();
    const code = u.recovery[3]!;
    const typed = code.replace(/-/g, '').toLowerCase();
    expect((await post(u.token, '/api/user/add_card', withCode(card(++cards), typed))).code).toBe(200);
    expect((await post(u.token, '/api/user/add_card', withCode(card(++cards), code))).key).toBe('second_factor_wrong');
    const status = await call(t.app, 'GET', '/api/user/authenticator', { token: u.token });
    expect(status.data.recovery_codes_left).toBe(9);
  });

  it('a sign-in from a device seen before is not stepped up; a new one is, and then is known', async () => {
    const u = await enrolled();
    const device = `Mozilla/5.0 (phone ${intentKey()})`;
    const login = (code?: string) =>
      call(t.app, 'POST', '/api/login/index', {
        body: withCode({ account: u.account, password: 'secret123' }, code),
        userAgent: device,
      });
    expect((await login()).key).toBe('second_factor_required');
    expect((await login(u.recovery[0])).key).toBe('login_succeeded');
    expect((await login()).key).toBe('login_succeeded');
    // A wrong password is refused as before, without asking for the second factor.
    const wrong = await call(t.app, 'POST', '/api/login/index', {
      body: { account: u.account, password: 'nope12345' },
      userAgent: 'Mozilla/5.0 (elsewhere)',
    });
    expect(wrong.key).toBe('wrong_password');
  });

  it('turning the last factor off with a fresh code starts the withdrawal hold', async () => {
    await changeControl(t.admin, '/admin/wallet-settings', { reason: 'hold for this test', hold_hours: 24 });
    try {
      const u = await enrolled();
      const before = await call(t.app, 'GET', '/api/user/cash', { token: u.token });
      expect(before.data.hold_until).toBeNull();
      const off = await post(u.token, '/api/user/authenticator/disable', { second_factor_code: u.recovery[1]! });
      expect(off).toMatchObject({ code: 200, key: 'authenticator_off' });
      const after = await call(t.app, 'GET', '/api/user/cash', { token: u.token });
      expect(after.data.second_factor).toBe(false);
      expect(after.data.hold_until).toBeGreaterThanOrEqual(nowSeconds() + 24 * 3600 - 60);
      // Off: nothing is stepped up any more, and its recovery codes are gone.
      expect((await post(u.token, '/api/user/add_card', card(++cards))).code).toBe(200);
      const status = await call(t.app, 'GET', '/api/user/authenticator', { token: u.token });
      expect(status.data).toMatchObject({ on: false, recovery_codes_left: 0 });
    } finally {
      await changeControl(t.admin, '/admin/wallet-settings', { reason: 'back', hold_hours: 0 });
    }
  });
});

describe('guessing the second factor', () => {
  it('a burst of 30 wrong codes gets 5 checks, and a right one after it is refused', async () => {
    const u = await enrolled();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        post(u.token, '/api/user/add_card', withCode(card(++cards), String(100000 + i * 7919).slice(0, 6))),
      ),
    );
    const wrongCount = answers.filter((a) => a.key === 'second_factor_wrong').length;
    const accepted = answers.filter((a) => a.code === 200).length;
    expect(wrongCount + accepted).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.key === 'too_many_attempts')).toHaveLength(30 - wrongCount - accepted);
    const right = await post(u.token, '/api/user/add_card', withCode(card(++cards), u.recovery[0]));
    expect(right.key).toBe('too_many_attempts');
    const status = await call(t.app, 'GET', '/api/user/authenticator', { token: u.token });
    expect(status.data.recovery_codes_left).toBe(10);
  });

  it('enrolment codes count on the same counter', async () => {
    const u = await registerUser(t.app, t.database);
    await post(u.token, '/api/user/authenticator/start');
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => post(u.token, '/api/user/authenticator/confirm', { code: '000000' })),
    );
    expect(answers.filter((a) => a.key === 'too_many_attempts').length).toBeGreaterThanOrEqual(7);
  });
});
