import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { verifyLedger } from '../../src/modules/ledger/index.ts';
import { waitFor } from '../crash/processes.ts';
import type { Db } from '../../src/platform/db/client.ts';
import { users } from '../../src/modules/users/users.table.ts';
import { createSession } from '../../src/modules/auth/sessions.ts';
import { ensureAccounts, postJournal } from '../../src/modules/ledger/ledger.service.ts';
import { houseAccount, userAccount } from '../../src/modules/ledger/account-codes.ts';
import { pngImage } from '../integration/wallet-helpers.ts';

/**
 * Phones doing what users do (contract orders, plan buys and top-ups, deposits with a proof, withdrawals) against
 * a base URL that may stop answering for a while (a node killed, a server restarting): a request without an answer
 * is sent again with the same idempotency key, as the app does, until it gets one.
 */
export type Answer = { code: number; key: string; data: { id?: number | string; holding?: { id: number } } | null };
export type LoadClient = { userId: number; token: string; cardId: number; ip: string };
export type Outcome = { kind: string; client: LoadClient; path: string; body: Record<string, string>; answer: Answer };

/**
 * Operator settings that let a load withdraw as often as it deposits: any hour, no hold on a new card, many
 * withdrawals a day (the wallet suite tests those limits; a load test is about something else). Proposed by one
 * admin and, since they weaken the wallet's controls, approved by a second (both API tokens from
 * bootstrapOperators).
 */
export async function openWithdrawals(adminUrl: string, makerToken: string, checkerToken: string): Promise<Answer> {
  const post = async (token: string, path: string, body: object) => {
    const response = await fetch(`${adminUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await response.json()) as Answer;
  };
  const proposed = await post(makerToken, '/admin/wallet-settings', {
    reason: 'load test',
    hold_hours: 0,
    withdraw_daily_count: 100,
    withdraw_from: '00:00',
    withdraw_to: '23:59',
  });
  if (proposed.key !== 'change_proposed') return proposed;
  const pending = await fetch(`${adminUrl}/admin/held-changes?status=pending`, {
    headers: { authorization: `Bearer ${checkerToken}` },
  });
  const { data } = (await pending.json()) as { data: { items: { id: number; target: string }[] } };
  const held = data.items.find((h) => h.target === 'wallet:settings');
  if (!held) throw new Error('the load settings were held, but no proposal is pending');
  return post(checkerToken, `/admin/held-changes/${held.id}/approve`, { reason: 'load test, second operator' });
}

export class MixedLoad {
  constructor(
    private readonly base: () => string,
    private readonly db: Db,
  ) {}

  async request(client: LoadClient, method: 'GET' | 'POST', route: string, body?: Record<string, string>) {
    for (let attempt = 0; ; attempt++) {
      try {
        const response = await fetch(`${this.base()}${route}`, {
          method,
          headers: {
            token: client.token,
            // Each client is a phone of its own address (seen through a proxy's X-Forwarded-For).
            'x-forwarded-for': client.ip,
            ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          },
          body: body ? new URLSearchParams(body).toString() : undefined,
          signal: AbortSignal.timeout(20_000),
        });
        if (response.status < 502) return (await response.json()) as Answer;
      } catch {
        // no answer (the node died, the server restarts): the same request again
      }
      if (attempt > 400) throw new Error(`${route}: no answer after ${attempt} attempts`);
      await new Promise((r) => setTimeout(r, Math.min(100 + attempt * 50, 1_000)));
    }
  }

  async upload(client: LoadClient): Promise<string> {
    for (let attempt = 0; ; attempt++) {
      let refused: string | null = null;
      try {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(await pngImage(attempt))], { type: 'image/png' }), 'proof.png');
        const response = await fetch(`${this.base()}/api/user/uploadfile`, {
          method: 'POST',
          headers: { token: client.token, 'x-forwarded-for': client.ip },
          body: form,
          signal: AbortSignal.timeout(20_000),
        });
        if (response.status < 502) {
          const answer = (await response.json()) as Answer & { data: { id: string } };
          if (answer.code === 200) return answer.data.id;
          refused = answer.key;
        }
      } catch {
        // retried below
      }
      // A refusal changes nothing on the server; only the per-minute upload limit is worth waiting out (retries
      // of uploads whose answers a killed node lost count against it).
      if (refused && refused !== 'too_many_requests') throw new Error(`upload refused: ${refused}`);
      if (attempt > 400) throw new Error('upload: no answer');
      await new Promise((r) => setTimeout(r, Math.min(150 + attempt * 50, 1_000)));
    }
  }

  /** A user made straight in the database (registration is rate-limited per address), funded, with a card. */
  async client(i: number, prefix: string): Promise<LoadClient> {
    const [u] = await this.db
      .insert(users)
      .values({
        account: `${prefix}${i}`,
        phone: `19${String(prefix.length).padStart(2, '0')}${String(i).padStart(7, '0')}`,
        passwordHash: 'x',
        inviteCode: `${prefix.slice(0, 4).toUpperCase()}${i}`,
      })
      .returning({ id: users.id });
    await ensureAccounts(this.db, [userAccount(u!.id, 'available'), userAccount(u!.id, 'frozen')]);
    await this.db.transaction((tx) =>
      postJournal(tx, {
        reference: `${prefix}:fund:${u!.id}`,
        kind: 'system_gift',
        transfers: [{ from: houseAccount('bonuses'), to: userAccount(u!.id, 'available'), amount: 10_000_000n }],
      }),
    );
    const ip = `10.${prefix.length}.${Math.floor(i / 200)}.${(i % 200) + 1}`;
    const { token } = await createSession(this.db, u!.id, ip);
    const client: LoadClient = { userId: u!.id, token, cardId: 0, ip };
    const fund = await this.request(client, 'POST', '/api/user/pwd_pay', {
      password: 'fund1234',
      password_confirm: 'fund1234',
    });
    if (fund.code !== 200) throw new Error(`fund password: ${fund.key}`);
    const card = await this.request(client, 'POST', '/api/user/add_card', {
      bank_name: 'Load Bank',
      branch: 'Main',
      holder: 'Load Holder',
      card_number: `6222${String(prefix.length).padStart(2, '0')}00${String(i).padStart(8, '0')}`,
    });
    if (card.code !== 200) throw new Error(`card: ${card.key}`);
    return { ...client, cardId: Number(card.data!.id) };
  }

  /** Each client in turn places an order, buys or tops up a plan, deposits and withdraws, until `until()`. */
  async run(clients: LoadClient[], until: () => boolean, pauseMs = 200): Promise<Outcome[]> {
    const first = clients[0]!;
    const plans = (await this.request(first, 'GET', '/api/user/yeb_project')) as unknown as {
      data: { items: { id: number }[] };
    };
    const recharge = (await this.request(first, 'GET', '/api/user/recharge')) as unknown as {
      data: { channels: { id: number }[] };
    };
    const planId = String(plans.data.items[0]!.id);
    const channelId = String(recharge.data.channels[0]!.id);
    const outcomes: Outcome[] = [];
    await Promise.all(
      clients.map(async (client, c) => {
        let holding: string | null = null;
        for (let n = 0; !until(); n++) {
          const kind = ['order', 'plan', 'deposit', 'withdrawal'][(n + c) % 4]!;
          const key = randomUUID();
          let path: string;
          let body: Record<string, string>;
          if (kind === 'order') {
            path = '/api/user/addorder';
            body = { symbol: 'BTC/USDT', seconds: '30', amount: '10', direction: n % 2 ? 'up' : 'down', key };
          } else if (kind === 'plan') {
            // The first buy opens the holding; the next ones top it up.
            path = holding ? '/api/user/yebappend' : '/api/user/yebjoinnow';
            body = { id: holding ?? planId, amount: '100', key };
          } else if (kind === 'deposit') {
            path = '/api/user/dorecharge';
            body = {
              channel_id: channelId,
              amount: '100',
              payer_name: 'Load',
              upload_id: await this.upload(client),
              key,
            };
          } else {
            path = '/api/user/cash';
            body = { method_id: String(client.cardId), amount: '100', fund_password: 'fund1234', key };
          }
          const answer = await this.request(client, 'POST', path, body);
          outcomes.push({ kind, client, path, body, answer });
          if (kind === 'plan' && !holding && answer.code === 200) holding = String(answer.data!.holding!.id);
          // A phone's pace, not a flood: the per-address upload limit (30 a minute) is not the subject here.
          await new Promise((r) => setTimeout(r, pauseMs));
        }
      }),
    );
    return outcomes;
  }
}

/**
 * After a load: one row per accepted request (no order, deposit or withdrawal lost or doubled), every order
 * settled once by whichever node leads the jobs, and the ledger clean.
 */
export async function expectBooksAfterLoad(db: Db, clients: LoadClient[], accepted: Outcome[]) {
  const owners = clients.map((c) => c.userId).join(',');
  const count = async (table: string, where = 'true') =>
    Number(
      (
        await db.execute<{ n: string }>(
          sql.raw(`SELECT count(*) AS n FROM ${table} WHERE user_id IN (${owners}) AND ${where}`),
        )
      ).rows[0]!.n,
    );
  const ids = (kind: string) => accepted.filter((o) => o.kind === kind).map((o) => String(o.answer.data?.id));
  const orderIds = ids('order');
  expect(new Set(orderIds).size).toBe(orderIds.length);
  expect(await count('contract_orders')).toBe(orderIds.length);
  expect(await count('deposits')).toBe(ids('deposit').length);
  expect(await count('withdrawals')).toBe(ids('withdrawal').length);
  await waitFor(async () => (await count('contract_orders', `status = 'open'`)) === 0, 'every order settled', 120_000);
  const doubled = await db.execute(
    sql`SELECT reference FROM ledger_journals WHERE reference LIKE '%settle%' GROUP BY reference HAVING count(*) > 1`,
  );
  expect(doubled.rows).toEqual([]);
  expect((await verifyLedger(db)).breaks).toEqual([]);
}
