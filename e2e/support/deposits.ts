import { randomBytes } from 'node:crypto';
import type { Browser } from '@playwright/test';
import type { RechargeInfo, RechargeRecord } from '@app/contracts';

const cents = (amount: string) => Math.round(Number(amount) * 100);

/** A call of the user API as the app makes it: a form body, or multipart for an upload. */
export async function userApi<T>(
  url: string,
  token: string,
  body?: Record<string, string> | FormData,
  base = process.env.E2E_API_URL,
): Promise<T> {
  const response = await fetch(`${base}${url}`, {
    method: body ? 'POST' : 'GET',
    headers: {
      lang: 'en',
      token,
      ...(body && !(body instanceof FormData) ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    body: body instanceof FormData ? body : body ? new URLSearchParams(body).toString() : undefined,
  });
  const answer = (await response.json()) as { code: number; key: string; msg: string; data: T };
  if (answer.code !== 200) throw new Error(`${url} answered ${answer.key}: ${answer.msg}`);
  return answer.data;
}

/**
 * A deposit the user sends through the API, under review: any channel whose limits take the amount, and a transfer
 * screenshot drawn in a page of its own.
 */
export async function sendDeposit(
  browser: Browser,
  token: string,
  amount = '150.00',
  base = process.env.E2E_API_URL,
): Promise<RechargeRecord> {
  const info = await userApi<RechargeInfo>('/api/user/recharge', token, undefined, base);
  const channel = info.channels.find((ch) => cents(ch.min) <= cents(amount) && cents(ch.max) >= cents(amount));
  if (!channel) throw new Error('no channel takes the amount');
  const page = await browser.newPage({ viewport: { width: 420, height: 300 } });
  await page.setContent(`<body style="font:16px sans-serif"><h1>Transfer successful</h1><p>${amount}</p></body>`);
  const image = await page.screenshot({ type: 'png' });
  await page.close();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'transfer.png');
  const upload = await userApi<{ id: string }>('/api/user/uploadfile', token, form, base);
  return userApi<RechargeRecord>(
    '/api/user/dorecharge',
    token,
    {
      channel_id: String(channel.id),
      amount,
      payer_name: 'Li Lei',
      // Unique, so no two test deposits share a note (a risk rule compares them).
      transfer_note: `LIVE-${randomBytes(4).toString('hex')}`,
      upload_id: upload.id,
      key: randomBytes(12).toString('hex'),
    },
    base,
  );
}
