import fs from 'node:fs/promises';
import { InvalidArgumentError, type Command } from 'commander';
import type {
  AdminDepositList,
  AdminRechargeChannel,
  AdminRechargeChannelList,
  AdminWithdrawalApproval,
  AdminWithdrawalList,
  RechargeRecord,
  WithdrawRecord,
} from '@app/contracts';

/**
 * `pnpm ops channels|deposits|withdrawals|wallet ...`: the wallet's operator commands. Like the rest of the
 * CLI they only call the admin API, so every act is checked and audited there.
 */
export type OpsClient = {
  request: (method: 'GET' | 'POST', url: string, body?: object) => Promise<unknown>;
  raw: (url: string) => Promise<Response>;
};

const positive = (v: string) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('expected a positive whole number');
  return n;
};
const when = (s: number) => new Date(s * 1000).toISOString().replace('T', ' ').slice(0, 19);
const STATUS: Record<number, string> = { 1: 'success', 2: 'failed', 3: 'under review', 4: 'success, awaiting audit' };

const channelOptions = (c: Command) =>
  c
    .requiredOption('-k, --kind <kind>', 'bank | crypto | alipay | wechat')
    .requiredOption('-n, --name <name>', 'shown to users')
    .option('--bank-name <text>', 'bank transfer: the bank')
    .option('--account <text>', 'bank account number, Alipay or WeChat account')
    .option('--holder <text>', 'account holder')
    .option('--currency <code>', 'crypto: e.g. USDT')
    .option('--network <name>', 'crypto: TRC20 | ERC20 | BEP20 | BTC')
    .option('--address <text>', 'crypto: receiving address (validated for the network)')
    .requiredOption('--min <amount>', 'minimum recharge, U')
    .requiredOption('--max <amount>', 'maximum recharge, U')
    .option('--bonus <pct>', 'recharge bonus in percent (class 3)', '0')
    .option('--sort <n>', 'order in the list', '0')
    .option('--disabled', 'create or keep it hidden in the app')
    .requiredOption('-r, --reason <text>', 'why (kept in the audit log)');

const channelBody = (o: Record<string, string | boolean | undefined>) => ({
  reason: o.reason,
  kind: o.kind,
  name: o.name,
  bank_name: o.bankName,
  account: o.account,
  holder: o.holder,
  currency: o.currency,
  network: o.network,
  address: o.address,
  min: o.min,
  max: o.max,
  bonus_pct: o.bonus,
  sort: o.sort,
  enabled: !o.disabled,
});

export function registerWalletCommands(program: Command, client: OpsClient) {
  const { request } = client;

  const channels = program.command('channels').description('recharge channels shown to users');
  channels.command('list').action(async () => {
    const data = (await request('GET', '/admin/recharge-channels')) as AdminRechargeChannelList;
    console.table(
      data.items.map((c) => ({
        id: c.id,
        kind: c.kind,
        name: c.name,
        to: c.address ?? c.account ?? '',
        network: c.network ?? '',
        min: c.min,
        max: c.max,
        bonus: `${c.bonus_pct}%`,
        enabled: c.enabled,
      })),
    );
  });
  channelOptions(channels.command('add').description('add a channel')).action(async (o) => {
    // A new channel is held whole for a second operator (the request says so): nothing exists yet.
    const { held } = (await request('POST', '/admin/recharge-channels', channelBody(o))) as { held: { id: number } };
    console.log(`channel proposed as held change #${held.id}`);
  });
  channelOptions(channels.command('set <id>').description("replace a channel's details")).action(
    async (id: string, o) => {
      const c = (await request(
        'POST',
        `/admin/recharge-channels/${positive(id)}`,
        channelBody(o),
      )) as AdminRechargeChannel;
      console.log(`channel ${c.id} (${c.name}) saved`);
    },
  );
  for (const action of ['enable', 'disable'] as const) {
    channels
      .command(`${action} <id>`)
      .requiredOption('-r, --reason <text>', 'why (kept in the audit log)')
      .action(async (id: string, o: { reason: string }) => {
        const c = (await request('POST', `/admin/recharge-channels/${positive(id)}/${action}`, {
          reason: o.reason,
        })) as AdminRechargeChannel;
        console.log(`channel ${c.id} is now ${c.enabled ? 'enabled' : 'disabled'}`);
      });
  }

  const deposits = program.command('deposits').description('review recharges (approve, refuse, audit)');
  deposits
    .command('list')
    .option('-s, --status <n>', '3 under review (default), 4 awaiting audit, 1 success, 2 failed', positive, 3)
    .action(async (o: { status: number }) => {
      const data = (await request('GET', `/admin/deposits?status=${o.status}`)) as AdminDepositList;
      console.table(
        data.items.map((d) => ({
          id: d.id,
          user: d.user_id,
          code: d.reference_code,
          amount: d.amount,
          channel: d.channel_name,
          payer: d.payer_name,
          note: d.transfer_note ?? '',
          screenshot: d.upload_id ?? '',
          flags: [
            ...d.flags.same_image_as.map((x) => `same image as #${x}`),
            ...d.flags.same_transfer_note_as.map((x) => `same note as #${x}`),
          ].join('; '),
          status: STATUS[d.status],
          submitted: when(d.created_at),
        })),
      );
      console.log(`${data.items.length} recharge(s) ${STATUS[o.status]}`);
    });
  for (const action of ['approve', 'refuse', 'audit'] as const) {
    deposits
      .command(`${action} <id>`)
      .description(
        action === 'audit'
          ? 'confirm a recharge credited before four-eyes held credits (status 4)'
          : `${action} a recharge under review`,
      )
      .requiredOption(
        '-r, --reason <text>',
        action === 'refuse' ? 'shown to the user and kept in the audit log' : 'why (kept in the audit log)',
      )
      .action(async (id: string, o: { reason: string }) => {
        const d = (await request('POST', `/admin/deposits/${positive(id)}/${action}`, {
          reason: o.reason,
        })) as RechargeRecord;
        const waiting = action === 'approve' && d.status === 3;
        console.log(
          `recharge ${d.id} (${d.reference_code}, ${d.amount} U): ${waiting ? 'first approval recorded, a second operator must approve' : STATUS[d.status]}`,
        );
      });
  }

  program
    .command('screenshot <uploadId>')
    .description('save a transfer screenshot to a file')
    .requiredOption('-o, --out <file>', 'where to write it')
    .action(async (uploadId: string, o: { out: string }) => {
      const response = await client.raw(`/admin/uploads/${encodeURIComponent(uploadId)}`);
      if (!response.ok)
        throw new Error(
          `${response.status} ${((await response.json().catch(() => ({}))) as { msg?: string }).msg ?? ''}`,
        );
      await fs.writeFile(o.out, Buffer.from(await response.arrayBuffer()));
      console.log(`saved ${response.headers.get('content-type')} to ${o.out}`);
    });

  const withdrawals = program
    .command('withdrawals')
    .description('review withdrawals (approve = paid out, refuse = money back)');
  withdrawals
    .command('list')
    .option('-s, --status <n>', '3 under review (default), 1 success, 2 failed', positive, 3)
    .action(async (o: { status: number }) => {
      const data = (await request('GET', `/admin/withdrawals?status=${o.status}`)) as AdminWithdrawalList;
      console.table(
        data.items.map((w) => ({
          id: w.id,
          user: w.user_id,
          amount: w.amount,
          fee: w.fee,
          pay: w.received,
          to: w.pay_to ? `${w.pay_to.title} ${w.pay_to.account} ${w.pay_to.holder ?? ''}` : w.destination,
          first_approval: w.first_approved_by ?? '',
          submitted: when(w.created_at),
        })),
      );
      console.log(`${data.items.length} withdrawal(s)`);
    });
  for (const action of ['approve', 'refuse'] as const) {
    withdrawals
      .command(`${action} <id>`)
      .requiredOption(
        '-r, --reason <text>',
        action === 'refuse' ? 'shown to the user and kept in the audit log' : 'why (kept in the audit log)',
      )
      .action(async (id: string, o: { reason: string }) => {
        const data = (await request('POST', `/admin/withdrawals/${positive(id)}/${action}`, {
          reason: o.reason,
        })) as AdminWithdrawalApproval | WithdrawRecord;
        // approve answers the record and whether it waits for a second operator; refuse, the record alone.
        const w = 'record' in data ? data.record : data;
        const waiting = 'record' in data && data.waiting_for_second;
        console.log(
          `withdrawal ${w.id} (${w.amount} U): ${waiting ? 'first approval recorded, a second operator must approve' : (STATUS[w.status] ?? w.status)}`,
        );
      });
  }

  const wallet = program
    .command('wallet')
    .description('wallet settings: withdrawal limits, fees, hours, holds, four-eyes threshold');
  wallet.command('settings').action(async () => console.table(await request('GET', '/admin/wallet-settings')));
  wallet
    .command('set <pairs...>')
    .description('change settings, e.g. withdraw_daily_count=5 hold_hours=0 withdraw_from=09:00')
    .requiredOption('-r, --reason <text>', 'why (kept in the audit log)')
    .action(async (pairs: string[], o: { reason: string }) => {
      const body: Record<string, string> = { reason: o.reason };
      for (const pair of pairs) {
        const [k, v] = pair.split('=');
        if (!k || v === undefined) throw new InvalidArgumentError(`expected name=value, got ${pair}`);
        body[k] = v;
      }
      console.table(await request('POST', '/admin/wallet-settings', body));
    });
}
