import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
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
