import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Command, InvalidArgumentError } from 'commander';
import type {
  AdminAuditItem,
  AdminInviteCode,
  AdminOutboxItem,
  AdminUser,
  ContractTerms,
  OperatorMe,
} from '@app/contracts';
import { loadConfig } from '../platform/config/env.ts';
import { guardTerminalOutput } from './terminal-output.ts';
import { registerWalletCommands } from '../modules/wallet/wallet.ops.ts';
import { registerInvestCommands } from '../modules/invest/invest.ops.ts';
import { registerBackupCommands } from '../platform/backup/backup.ops.ts';
import { registerHeldChangeCommands } from '../platform/held-changes/held-changes.ops.ts';
import { registerKycCommands } from '../modules/kyc/kyc.ops.ts';
import { registerReferralCommands } from '../modules/referral/referral.ops.ts';
import { registerContentCommands } from '../modules/content/content.ops.ts';
import { registerCopyCommands } from '../modules/copy/copy.ops.ts';

// Each module's commands come from its `<module>.ops.ts`, the CLI's own face of the module, not from its index.ts:
// the index loads the module's routes and services (the database client, the ledger, Fastify), and the CLI, which
// only speaks HTTP, started in about 9 s instead of about a second.

/**
 * `pnpm ops ...`: the operator CLI. It only calls the admin HTTP API, as the operator whose API token is in
 * OPS_TOKEN, so every action it takes goes through the same permission checks and the same audit log as any
 * other operator client, under that operator's name.
 */
const config = loadConfig();
const baseUrl = process.env.ADMIN_URL ?? `http://${config.adminHost}:${config.adminPort}`;
const MAKE_TOKEN = 'make one with POST /admin/tokens while signed in as yourself (see docs/operators.md)';

/** The operator's own API token (opk_...): the CLI acts as that operator, with the token's role. */
function authorization(): { authorization: string } {
  const token = process.env.OPS_TOKEN?.trim();
  if (!token)
    throw new Error(`no OPS_TOKEN: the CLI acts with your own operator API token; ${MAKE_TOKEN} and set OPS_TOKEN`);
  return { authorization: `Bearer ${token}` };
}

/** One admin API call; the answer's shape is the admin contract of that path (packages/contracts/src/admin.ts). */
async function request<T>(method: 'GET' | 'POST', url: string, body?: object): Promise<T> {
  const headers = { ...authorization(), ...(body ? { 'content-type': 'application/json' } : {}) };
  const response = await fetch(baseUrl + url, {
    method,
    headers,
    body: body ? JSON.stringify(body) : undefined,
  }).catch((error: Error) => {
    throw new Error(`cannot reach the admin API at ${baseUrl} (${error.message}); is the server running?`);
  });
  const envelope = (await response.json()) as { code: number; key: string; msg: string; data: unknown };
  if (envelope.key === 'login_required')
    throw new Error(`${envelope.code} ${envelope.msg}: OPS_TOKEN is not a live operator API token; ${MAKE_TOKEN}`);
  if (envelope.key === 'permission_denied')
    throw new Error(`${envelope.code} ${envelope.msg}: your token's role does not allow this (see pnpm ops whoami)`);
  if (envelope.code !== 200) throw new Error(`${envelope.code} ${envelope.msg}`);
  // Nothing changed yet: say so, and how it goes on (pnpm ops held).
  if (envelope.key === 'change_proposed')
    console.error(`${envelope.msg} (another operator decides it: pnpm ops held list, pnpm ops held approve <id>)`);
  return envelope.data as T;
}

const positive = (v: string) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('expected a positive whole number');
  return n;
};
const when = (s: number) => new Date(s * 1000).toISOString().replace('T', ' ').slice(0, 19);

export const program = new Command('ops').description('Operator commands (they call the admin API as you: OPS_TOKEN)');

program
  .command('whoami')
  .description('the operator OPS_TOKEN acts as, their role and what this token may do')
  .action(async () => {
    const me = await request<OperatorMe>('GET', '/admin/session');
    console.log(`name: ${me.operator.name}`);
    console.log(`role: ${me.operator.role}`);
    console.log(`permissions: ${me.permissions.join(', ')}`);
  });

const users = program.command('users').description('list, lock and unlock users');
users
  .command('list')
  .option('-q, --query <text>', 'id, invitation code, or an account or phone (whole or its beginning)')
  .option('--page <n>', 'page', positive, 1)
  .action(async (o: { query?: string; page: number }) => {
    const q = new URLSearchParams({ page: String(o.page), ...(o.query ? { q: o.query } : {}) });
    const data = await request<{ items: AdminUser[]; total: number }>('GET', `/admin/users?${q}`);
    console.table(
      data.items.map((u) => ({
        id: u.id,
        account: u.account,
        phone: u.phone,
        locked: u.locked,
        vip: u.is_vip,
        created: when(u.created_at),
      })),
    );
    console.log(`${data.total} user(s)`);
  });
for (const action of ['lock', 'unlock'] as const) {
  users
    .command(`${action} <id>`)
    .requiredOption('-r, --reason <text>', 'why (kept in the audit log)')
    .action(async (id: string, o: { reason: string }) => {
      const user = await request<AdminUser>('POST', `/admin/users/${positive(id)}/${action}`, { reason: o.reason });
      console.log(`user ${user.id} (${user.account}) is now ${user.locked ? 'locked' : 'unlocked'}`);
    });
}

program
  .command('sms')
  .description('read the SMS outbox')
  .option('-p, --phone <phone>', 'only messages to this phone')
  .option('-n, --limit <n>', 'how many', positive, 20)
  .action(async (o: { phone?: string; limit: number }) => {
    const q = new URLSearchParams({ limit: String(o.limit), ...(o.phone ? { recipient: o.phone } : {}) });
    const data = await request<{ items: AdminOutboxItem[] }>('GET', `/admin/sms-outbox?${q}`);
    for (const m of data.items) console.log(`${when(m.created_at)}  ${m.recipient}  ${m.body}`);
    if (data.items.length === 0) console.log('no messages');
  });

program
  .command('invite')
  .description('create an invitation code')
  .requiredOption('-r, --reason <text>', 'why (kept in the audit log)')
  .option('-m, --max-uses <n>', 'how many registrations it allows', positive)
  .action(async (o: { reason: string; maxUses?: number }) => {
    const code = await request<AdminInviteCode>('POST', '/admin/invite-codes', {
      reason: o.reason,
      ...(o.maxUses ? { max_uses: o.maxUses } : {}),
    });
    console.log(`invitation code ${code.code}${code.max_uses ? ` (up to ${code.max_uses} uses)` : ''}`);
  });

const products = program.command('products').description('products: list, suspend ("trading forbidden"), allow');
products.command('list').action(async () => {
  const data = await request<{ items: object[] }>('GET', '/admin/products');
  console.table(data.items);
});
for (const action of ['forbid', 'allow'] as const) {
  products
    .command(`${action} <symbol>`)
    .requiredOption('-r, --reason <text>', 'why (kept in the audit log)')
    .action(async (symbol: string, o: { reason: string }) => {
      const p = await request<{ symbol: string; forbidden: boolean }>(
        'POST',
        `/admin/products/${encodeURIComponent(symbol)}/${action}`,
        { reason: o.reason },
      );
      console.log(`${p.symbol}: trading ${p.forbidden ? 'forbidden' : 'allowed'}`);
    });
}

const terms = program.command('terms').description('contract terms per product and settlement period');
terms.command('list <symbol>').action(async (symbol: string) => {
  const data = await request<{ items: ContractTerms[] }>('GET', `/admin/products/${encodeURIComponent(symbol)}/terms`);
  console.table(data.items.map((t) => ({ ...t, presets: t.presets.join(' ') })));
});
terms
  .command('set <symbol>')
  .description('create or change the terms of one period (shown to users before they confirm)')
  .requiredOption('-s, --seconds <n>', 'settlement period in seconds', positive)
  .requiredOption('--payout <pct>', 'payout on a win, percent of the stake')
  .option('--loss <pct>', 'loss on a loss, percent of the stake', '100')
  .option('--fee <pct>', 'fee on top of the stake, percent', '0')
  .requiredOption('--min <amount>', 'minimum stake, U')
  .requiredOption('--max <amount>', 'maximum stake, U')
  .requiredOption('--max-open <amount>', 'maximum open stake per user, U')
  .option('--presets <list>', 'preset stakes, comma separated', '')
  .option('--disabled', 'offer this period no longer')
  .requiredOption('-r, --reason <text>', 'why (kept in the audit log)')
  .action(async (symbol: string, o: Record<string, string | number | boolean>) => {
    const saved = await request<ContractTerms & { enabled: boolean }>(
      'POST',
      `/admin/products/${encodeURIComponent(symbol)}/terms`,
      {
        reason: o.reason,
        seconds: o.seconds,
        payout_pct: o.payout,
        loss_pct: o.loss,
        fee_pct: o.fee,
        min_amount: o.min,
        max_amount: o.max,
        max_open_amount: o.maxOpen,
        presets: String(o.presets)
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean),
        enabled: !o.disabled,
      },
    );
    console.log(
      `${symbol} ${saved.seconds}s: payout ${saved.payout_pct}%, loss ${saved.loss_pct}%, fee ${saved.fee_pct}%, stake ${saved.min_amount}-${saved.max_amount} U, open max ${saved.max_open_amount} U${saved.enabled ? '' : ' (disabled)'}`,
    );
  });

program
  .command('audit')
  .description('recent operator actions')
  .option('-n, --limit <n>', 'how many', positive, 20)
  .action(async (o: { limit: number }) => {
    const data = await request<{ items: AdminAuditItem[] }>('GET', `/admin/audit?size=${o.limit}`);
    console.table(
      data.items.map((a) => ({
        when: when(a.created_at),
        operator: a.operator,
        action: a.action,
        target: a.target,
        reason: a.reason,
      })),
    );
  });

registerWalletCommands(program, {
  request,
  raw: async (url) => fetch(baseUrl + url, { headers: authorization() }),
});

registerInvestCommands(program, request);
registerBackupCommands(program, config);
registerHeldChangeCommands(program, request);
registerKycCommands(program, request);
registerReferralCommands(program, request);
registerContentCommands(program, request);
registerCopyCommands(program, request);

// Run as the CLI (pnpm ops, dist/ops.js) it parses its arguments; imported (tools/docs-check reads which commands
// exist), it only declares them.
const entry = process.argv[1];
if (entry && realpathSync(entry) === fileURLToPath(import.meta.url)) {
  guardTerminalOutput();
  program.parseAsync(process.argv).catch((error: Error) => {
    console.error(`ops: ${error.message}`);
    process.exit(1);
  });
}
