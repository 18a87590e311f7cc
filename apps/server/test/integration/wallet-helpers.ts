import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';
import { houseAccount, userAccount } from '../../src/modules/ledger/account-codes.ts';
import { postJournal } from '../../src/modules/ledger/ledger.service.ts';
import { changeControl } from '../helpers/held-change.ts';
import { call, operatorHeaders, registerUser, type TestApp, type TestOperator } from '../helpers/test-app.ts';

/** Calls the operator API as one of the seeded operators (with their API token: the audit log's "who"). */
export async function operatorCall(
  admin: FastifyInstance,
  operator: TestOperator,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
) {
  const response = await admin.inject({
    method,
    url,
    headers: operatorHeaders(operator),
    ...(payload ? { payload } : {}),
  });
  const body = response.json() as { code: number; key: string; msg: string; data: any };
  return { ...body, status: response.statusCode };
}

export const pngImage = (seed = 0) =>
  sharp({ create: { width: 32 + (seed % 50), height: 24, channels: 3, background: { r: seed % 255, g: 80, b: 120 } } })
    .png()
    .toBuffer();

/** Uploads one image through the real multipart endpoint and returns its id. */
export async function uploadProof(
  app: FastifyInstance,
  token: string,
  data: Buffer,
  filename = 'proof.png',
  type = 'image/png',
): Promise<string> {
  const boundary = '----proof' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await app.inject({
    method: 'POST',
    url: '/api/user/uploadfile',
    headers: { token, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  const body = response.json();
  if (body.code !== 200) throw new Error(`upload: ${body.key}`);
  return body.data.id as string;
}

let counter = 0;
export const intentKey = () => `w${process.pid}x${Date.now()}x${++counter}`;

/** 2026-11-21 03:00 UTC, a Saturday: 11:00 in Asia/Shanghai (withdrawals open), crypto trading. */
export const SATURDAY_MORNING_SHANGHAI = Math.floor(Date.parse('2026-11-21T03:00:00Z') / 1000);

/** A new user's deposit, sent with a transfer screenshot on the first channel: under review (status 3). */
export async function submitDeposit(t: TestApp, amount: string) {
  const u = await registerUser(t.app, t.database);
  const channels: { id: number; min: string; max: string }[] = (
    await call(t.app, 'GET', '/api/user/recharge', { token: u.token })
  ).data.channels;
  // The first channel whose limits take the amount (a large deposit needs one that goes that high).
  const channel = channels.find((c) => Number(c.min) <= Number(amount) && Number(amount) <= Number(c.max));
  if (!channel) throw new Error(`no channel takes ${amount}`);
  const uploadId = await uploadProof(t.app, u.token, await pngImage(Math.floor(Math.random() * 1000)));
  const answer = await call(t.app, 'POST', '/api/user/dorecharge', {
    token: u.token,
    body: {
      channel_id: String(channel.id),
      amount,
      payer_name: 'Payer',
      transfer_note: '',
      upload_id: uploadId,
      key: intentKey(),
    },
  });
  if (answer.key !== 'recharge_submitted') throw new Error(`deposit answered ${answer.key}`);
  return { ...(answer.data as { id: number }), user: u };
}

/** Withdrawals without a hold after a deposit, up to ten a day and 100,000.00 U (a change held and approved). */
export async function openWithdrawals(t: TestApp, reason: string) {
  const set = await changeControl(t.admin, '/admin/wallet-settings', {
    reason,
    hold_hours: 0,
    withdraw_daily_count: 10,
    withdraw_daily_amount: '100000',
  });
  expect(set.code).toBe(200);
}

let cardSeq = 0;
const cardNumber = () => `6228${String(process.pid).padStart(6, '0')}${String(++cardSeq).padStart(6, '0')}`;

/**
 * A new user (their app in `lang`) with a fund password, a bound card and 20,000.00 U, who asks to withdraw
 * `amount`: under review. Needs withdrawals open (a clock in opening hours, `openWithdrawals`).
 */
export async function askWithdrawal(t: TestApp, amount: string, lang?: string) {
  const u = await registerUser(t.app, t.database, {}, lang);
  const post = (url: string, body: Record<string, string>) => call(t.app, 'POST', url, { token: u.token, body });
  expect((await post('/api/user/pwd_pay', { password: 'fund1234', password_confirm: 'fund1234' })).code).toBe(200);
  await t.database.db.transaction((tx) =>
    postJournal(tx, {
      reference: `test:fund:${intentKey()}`,
      kind: 'system_gift',
      transfers: [{ from: houseAccount('bonuses'), to: userAccount(u.user.id, 'available'), amount: 2_000_000n }],
    }),
  );
  const card = await post('/api/user/add_card', {
    bank_name: 'Test Bank',
    branch: 'Main St',
    holder: 'Test Holder',
    card_number: cardNumber(),
  });
  const asked = await post('/api/user/cash', {
    method_id: String(card.data.id),
    amount,
    fund_password: 'fund1234',
    key: intentKey(),
  });
  expect(asked.key).toBe('withdrawal_submitted');
  return { id: asked.data.id as number, user: u };
}
