import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { users } from '../../src/modules/users/users.table.ts';
import { userPasskeys, webauthnChallenges } from '../../src/modules/auth/auth.table.ts';
import { paymentMethods } from '../../src/modules/wallet/wallet.table.ts';
import { loadConfig } from '../../src/platform/config/env.ts';
import { call, createTestApp, registerUser, type TestApp } from '../helpers/test-app.ts';
import { SoftAuthenticator } from '../helpers/soft-authenticator.ts';

/**
 * Passkeys, checked with real WebAuthn responses from a software authenticator (ES256 keys, CBOR attestation and
 * signatures made in the test): several per user, named, removed with a step-up; sign-in with a passkey alone;
 * a passkey as the second factor of a step-up; challenges single use and bound to their purpose and user;
 * signature counters that must move on; origin and RP ID from configuration; every assertion counted.
 */
let t: TestApp;
let origin: string;
beforeAll(async () => {
  t = await createTestApp();
  origin = t.app.config.webauthn.origins[0]!;
});
afterAll(async () => t?.close());

type User = Awaited<ReturnType<typeof registerUser>> & { device: SoftAuthenticator };

// Sign-ins count wrong answers per address too: each test signs in from an address of its own.
let addresses = 0;
let address = '10.44.0.1';
beforeEach(() => {
  address = `10.44.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;
});
const post = (token: string | undefined, url: string, body: Record<string, string> = {}, userAgent?: string) =>
  call(t.app, 'POST', url, { ...(token ? { token } : {}), body, ip: address, ...(userAgent ? { userAgent } : {}) });

async function userWithDevice(): Promise<User> {
  return { ...(await registerUser(t.app, t.database)), device: new SoftAuthenticator(origin) };
}

/** Adds a passkey through the real endpoints; `code` is the step-up when a factor is already on. */
async function addPasskey(u: User, name: string, code?: string) {
  const options = await post(u.token, '/api/user/passkeys/options', code ? { second_factor_code: code } : {});
  expect(options, options.msg).toMatchObject({ code: 200 });
  const credential = u.device.create(options.data.options);
  const added = await post(u.token, '/api/user/passkeys/add', { credential: JSON.stringify(credential), name });
  expect(added, added.msg).toMatchObject({ code: 200, key: 'passkey_added' });
  return credential.id;
}

/** A step-up with the user's passkey: the one-time code the protected request then carries. */
async function passkeyStepUp(u: User, device = u.device) {
  const options = await post(u.token, '/api/user/passkeys/step_up_options');
  expect(options).toMatchObject({ code: 200 });
  const assertion = device.get(options.data.options);
  const granted = await post(u.token, '/api/user/passkeys/step_up', { credential: JSON.stringify(assertion) });
  expect(granted, granted.msg).toMatchObject({ code: 200 });
  return granted.data.second_factor_code as string;
}

async function passkeyLogin(device: SoftAuthenticator, tamper = {}, userAgent = 'Mozilla/5.0 (passkey phone)') {
  const options = await post(undefined, '/api/login/passkey_options');
  expect(options).toMatchObject({ code: 200 });
  const assertion = device.get(options.data.options, tamper);
  return {
    assertion,
    answer: await post(undefined, '/api/login/passkey', { credential: JSON.stringify(assertion) }, userAgent),
  };
}

const userRow = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;
const card = () => ({
  bank_name: 'Test Bank',
  branch: 'Main St',
  holder: 'Test Holder',
  card_number: `62220000${String(process.pid % 10000).padStart(4, '0')}${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}`,
});
const liveMethods = async (id: number) =>
  (
    await t.database.db
      .select({ n: count() })
      .from(paymentMethods)
      .where(and(eq(paymentMethods.userId, id), isNull(paymentMethods.removedAt)))
  )[0]!.n;

describe('adding, naming and removing passkeys', () => {
  it('a first passkey needs no step-up and turns the second factor on; a second one needs one', async () => {
    const u = await userWithDevice();
    await addPasskey(u, 'Phone');
    expect((await userRow(u.user.id)).secondFactorOnAt).not.toBeNull();
    const info = await call(t.app, 'GET', '/api/user/index', { token: u.token });
    expect(info.data.second_factor).toBe(true);
    // Which factors: the app offers this user the passkey alone (there is no code to type).
    expect(info.data.second_factors).toEqual({ authenticator: false, passkeys: 1 });

    // A session alone cannot add a key that would then pass every step-up.
    const without = await post(u.token, '/api/user/passkeys/options');
    expect(without).toMatchObject({ code: 403, key: 'second_factor_required' });
    await addPasskey(u, 'Laptop', await passkeyStepUp(u));

    const list = await call(t.app, 'GET', '/api/user/passkeys', { token: u.token });
    expect(list.data.items.map((p: { name: string }) => p.name)).toEqual(['Phone', 'Laptop']);
    expect(JSON.stringify(list.data)).not.toMatch(/public|credential/i);
  });

  it('renames only its own passkeys, with a name of 1 to 40 characters', async () => {
    const [u, other] = await Promise.all([userWithDevice(), userWithDevice()]);
    await addPasskey(u, 'Phone');
    const [mine] = (await call(t.app, 'GET', '/api/user/passkeys', { token: u.token })).data.items;
    expect(await post(u.token, `/api/user/passkeys/${mine.id}/rename`, { name: 'Work phone' })).toMatchObject({
      key: 'passkey_renamed',
    });
    const blank = await post(u.token, `/api/user/passkeys/${mine.id}/rename`, { name: ' ' });
    expect(blank).toMatchObject({ code: 400, key: 'please_fill_in' });
    expect(await post(u.token, `/api/user/passkeys/${mine.id}/rename`, { name: 'x'.repeat(41) })).toMatchObject({
      key: 'passkey_name_invalid',
    });
    expect(await post(other.token, `/api/user/passkeys/${mine.id}/rename`, { name: 'Mine now' })).toMatchObject({
      key: 'no_data',
    });
    const [after] = (await call(t.app, 'GET', '/api/user/passkeys', { token: u.token })).data.items;
    expect(after.name).toBe('Work phone');
  });

  it('removing is stepped up; removing the last factor turns it off and starts the withdrawal hold', async () => {
    const u = await userWithDevice();
    await addPasskey(u, 'Phone');
    const [key] = (await call(t.app, 'GET', '/api/user/passkeys', { token: u.token })).data.items;
    expect(await post(u.token, `/api/user/passkeys/${key.id}/remove`)).toMatchObject({
      code: 403,
      key: 'second_factor_required',
    });
    expect(await post(u.token, `/api/user/passkeys/${key.id}/remove`, { second_factor_code: '123456' })).toMatchObject({
      key: 'second_factor_wrong',
    });
    expect((await call(t.app, 'GET', '/api/user/passkeys', { token: u.token })).data.items).toHaveLength(1);

    const removed = await post(u.token, `/api/user/passkeys/${key.id}/remove`, {
      second_factor_code: await passkeyStepUp(u),
    });
    expect(removed).toMatchObject({ code: 200, key: 'passkey_removed' });
    const row = await userRow(u.user.id);
    expect(row.secondFactorOnAt).toBeNull();
    expect(row.secondFactorOffAt).not.toBeNull();
    expect((await call(t.app, 'GET', '/api/user/index', { token: u.token })).data.second_factors).toEqual({
      authenticator: false,
      passkeys: 0,
    });
  });

  it('with an authenticator on too, removing the only passkey leaves the second factor on', async () => {
    const u = await userWithDevice();
    const started = await post(u.token, '/api/user/authenticator/start');
    const secret = started.data.secret as string;
    await post(u.token, '/api/user/authenticator/confirm', { code: await generate({ secret }) });
    await addPasskey(u, 'Phone', await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    const [key] = (await call(t.app, 'GET', '/api/user/passkeys', { token: u.token })).data.items;
    await post(u.token, `/api/user/passkeys/${key.id}/remove`, { second_factor_code: await passkeyStepUp(u) });
    expect((await userRow(u.user.id)).secondFactorOnAt).not.toBeNull();
  });

  it('starting the authenticator with a passkey on is stepped up', async () => {
    const u = await userWithDevice();
    await addPasskey(u, 'Phone');
    expect(await post(u.token, '/api/user/authenticator/start')).toMatchObject({ key: 'second_factor_required' });
    const started = await post(u.token, '/api/user/authenticator/start', {
      second_factor_code: await passkeyStepUp(u),
    });
    expect(started).toMatchObject({ code: 200 });
  });

  it('a credential made for another RP ID or origin, or an answer to another purpose, is not added', async () => {
    const u = await userWithDevice();
    const tries = [{ rpId: 'evil.example' }, { origin: 'https://evil.example' }, { type: 'webauthn.get' }];
    for (const tamper of tries) {
      const options = await post(u.token, '/api/user/passkeys/options');
      const credential = u.device.create(options.data.options, tamper);
      const added = await post(u.token, '/api/user/passkeys/add', {
        credential: JSON.stringify(credential),
        name: 'x',
      });
      expect(added, JSON.stringify(tamper)).toMatchObject({ code: 400, key: 'passkey_failed' });
    }
    expect(await post(u.token, '/api/user/passkeys/add', { credential: 'not json', name: 'x' })).toMatchObject({
      key: 'passkey_failed',
    });
    expect((await userRow(u.user.id)).secondFactorOnAt).toBeNull();
  });

  it('a challenge given to one user cannot register a passkey for another, nor be used twice', async () => {
    const [u, other] = await Promise.all([userWithDevice(), userWithDevice()]);
    const options = await post(u.token, '/api/user/passkeys/options');
    const credential = u.device.create(options.data.options);
    expect(
      await post(other.token, '/api/user/passkeys/add', { credential: JSON.stringify(credential), name: 'x' }),
    ).toMatchObject({ key: 'passkey_failed' });
    // The refused attempt did not spend u's challenge? It did not: it was another user's, so it stayed unused.
    expect(
      await post(u.token, '/api/user/passkeys/add', { credential: JSON.stringify(credential), name: 'x' }),
    ).toMatchObject({ key: 'passkey_added' });
    const again = u.device.create(options.data.options);
    expect(
      await post(u.token, '/api/user/passkeys/add', { credential: JSON.stringify(again), name: 'y' }),
    ).toMatchObject({ key: 'passkey_failed' });
  });
});

describe('signing in with a passkey alone', () => {
  it('opens a session with no password, even on a new device, and is recorded as a login', async () => {
    const u = await userWithDevice();
    await addPasskey(u, 'Phone');
    const { answer } = await passkeyLogin(u.device);
    expect(answer, answer.msg).toMatchObject({ code: 200, key: 'login_succeeded' });
    expect(answer.data.user.id).toBe(u.user.id);
    const info = await call(t.app, 'GET', '/api/user/index', { token: answer.data.token });
    expect(info).toMatchObject({ code: 200 });
    const logins = await call(t.app, 'GET', '/api/user/logins', { token: answer.data.token });
    expect(logins.data.items[0]).toMatchObject({ kind: 'login' });
  });

  it('an assertion replayed, or answering an expired challenge, is refused', async () => {
    const u = await userWithDevice();
    await addPasskey(u, 'Phone');
    const { assertion, answer } = await passkeyLogin(u.device);
    expect(answer).toMatchObject({ code: 200 });
    const replay = await post(undefined, '/api/login/passkey', { credential: JSON.stringify(assertion) });
    expect(replay).toMatchObject({ code: 400, key: 'passkey_failed' });

    const options = await post(undefined, '/api/login/passkey_options');
    await t.database.db
      .update(webauthnChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(webauthnChallenges.challenge, options.data.options.challenge));
    const late = u.device.get(options.data.options);
    expect(await post(undefined, '/api/login/passkey', { credential: JSON.stringify(late) })).toMatchObject({
      key: 'passkey_failed',
    });
  });

  it('a counter that does not move on (a cloned key) is refused; wrong origin, RP ID or no user verification too', async () => {
    const u = await userWithDevice();
    await addPasskey(u, 'Phone');
    expect((await passkeyLogin(u.device)).answer).toMatchObject({ code: 200 });
    const stored = (await t.database.db.select().from(userPasskeys).where(eq(userPasskeys.userId, u.user.id)))[0]!;
    expect(stored.counter).toBe(1);
    for (const tamper of [
      { counter: 1 },
      { origin: 'https://evil.example' },
      { rpId: 'evil.example' },
      { flags: 0x01 },
    ]) {
      const { answer } = await passkeyLogin(u.device, tamper);
      expect(answer, JSON.stringify(tamper)).toMatchObject({ code: 400, key: 'passkey_failed' });
    }
  });

  it('a passkey no account has is refused, and a locked account cannot sign in with one', async () => {
    const stranger = new SoftAuthenticator(origin);
    stranger.create({ challenge: 'x', rp: { id: 'localhost' }, user: { id: 'AAAA' } });
    expect((await passkeyLogin(stranger)).answer).toMatchObject({ key: 'passkey_unknown' });

    const u = await userWithDevice();
    await addPasskey(u, 'Phone');
    await t.database.db.update(users).set({ locked: true }).where(eq(users.id, u.user.id));
    expect((await passkeyLogin(u.device)).answer).toMatchObject({ key: 'account_locked' });
  });

  it('the same assertion sent twice at once signs in once', async () => {
    const u = await userWithDevice();
    await addPasskey(u, 'Phone');
    const options = await post(undefined, '/api/login/passkey_options');
    const credential = JSON.stringify(u.device.get(options.data.options));
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => post(undefined, '/api/login/passkey', { credential })),
    );
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
  });
});

describe('a passkey as the step-up factor', () => {
  it('binds a card with a passkey step-up; the code is accepted once and only for its user', async () => {
    const [u, other] = await Promise.all([userWithDevice(), userWithDevice()]);
    await Promise.all([addPasskey(u, 'Phone'), addPasskey(other, 'Phone')]);
    expect(await post(u.token, '/api/user/add_card', card())).toMatchObject({ key: 'second_factor_required' });
    const othersCode = await passkeyStepUp(other);
    expect(await post(u.token, '/api/user/add_card', { ...card(), second_factor_code: othersCode })).toMatchObject({
      key: 'second_factor_wrong',
    });
    const code = await passkeyStepUp(u);
    expect(await post(u.token, '/api/user/add_card', { ...card(), second_factor_code: code })).toMatchObject({
      code: 200,
    });
    expect(await post(u.token, '/api/user/add_card', { ...card(), second_factor_code: code })).toMatchObject({
      key: 'second_factor_wrong',
    });
    expect(await liveMethods(u.user.id)).toBe(1);
  });

  it("another user's passkey cannot answer this user's step-up", async () => {
    const [u, other] = await Promise.all([userWithDevice(), userWithDevice()]);
    await Promise.all([addPasskey(u, 'Phone'), addPasskey(other, 'Phone')]);
    const options = await post(u.token, '/api/user/passkeys/step_up_options');
    const foreign = other.device.get(options.data.options, { credential: other.device.credentials[0]! });
    expect(await post(u.token, '/api/user/passkeys/step_up', { credential: JSON.stringify(foreign) })).toMatchObject({
      key: 'passkey_failed',
    });
  });

  it('a sign-in challenge cannot answer a step-up', async () => {
    const u = await userWithDevice();
    await addPasskey(u, 'Phone');
    const options = await post(undefined, '/api/login/passkey_options');
    const assertion = u.device.get(options.data.options);
    expect(await post(u.token, '/api/user/passkeys/step_up', { credential: JSON.stringify(assertion) })).toMatchObject({
      key: 'passkey_failed',
    });
  });

  it('a user without passkeys is told so when asking for step-up options', async () => {
    const u = await userWithDevice();
    expect(await post(u.token, '/api/user/passkeys/step_up_options')).toMatchObject({ code: 409, key: 'passkey_none' });
  });

  it('a burst of 20 bad assertions gets 5 checks; the right one after is throttled', async () => {
    const u = await userWithDevice();
    await addPasskey(u, 'Phone');
    const bad = async () => {
      const options = await post(u.token, '/api/user/passkeys/step_up_options');
      const assertion = u.device.get(options.data.options, { origin: 'https://evil.example' });
      return post(u.token, '/api/user/passkeys/step_up', { credential: JSON.stringify(assertion) });
    };
    const answers = await Promise.all(Array.from({ length: 20 }, bad));
    expect(answers.filter((a) => a.key === 'passkey_failed')).toHaveLength(5);
    expect(answers.filter((a) => a.key === 'too_many_attempts')).toHaveLength(15);
    const options = await post(u.token, '/api/user/passkeys/step_up_options');
    const good = u.device.get(options.data.options);
    expect(await post(u.token, '/api/user/passkeys/step_up', { credential: JSON.stringify(good) })).toMatchObject({
      key: 'too_many_attempts',
    });
  });

  it('a passkey step-up code lapses after two minutes', async () => {
    const u = await userWithDevice();
    await addPasskey(u, 'Phone');
    const code = await passkeyStepUp(u);
    await t.database.db.execute(
      sql`UPDATE step_up_grants SET expires_at = now() - interval '1 second' WHERE user_id = ${u.user.id}`,
    );
    expect(await post(u.token, '/api/user/add_card', { ...card(), second_factor_code: code })).toMatchObject({
      key: 'second_factor_wrong',
    });
  });
});

describe('configuration', () => {
  it('RP ID and origins come from the environment; the default is localhost at the port', () => {
    expect(loadConfig({ PORT: '5173' }).webauthn).toEqual({
      rpId: 'localhost',
      rpName: 'Contract Trader',
      origins: ['http://localhost:5173'],
    });
    expect(
      loadConfig({
        WEBAUTHN_RP_ID: 'trade.example.com',
        WEBAUTHN_ORIGINS: 'https://trade.example.com, https://m.trade.example.com',
      }).webauthn,
    ).toMatchObject({
      rpId: 'trade.example.com',
      origins: ['https://trade.example.com', 'https://m.trade.example.com'],
    });
    expect(() => loadConfig({ WEBAUTHN_ORIGINS: 'trade.example.com/path' })).toThrow(/WEBAUTHN_ORIGINS/);
  });
});
