import { InvalidArgumentError, type Command } from 'commander';
import type { AdminKycItem } from '@app/contracts';

/** `pnpm ops kyc ...`: real-name review through the admin API (checked and audited there). */
type Request = (method: 'GET' | 'POST', url: string, body?: object) => Promise<unknown>;

const positive = (v: string) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('expected a positive whole number');
  return n;
};
const when = (s: number | null) => (s ? new Date(s * 1000).toISOString().replace('T', ' ').slice(0, 16) : '');

export function registerKycCommands(program: Command, request: Request) {
  const kyc = program.command('kyc').description('real-name verification: list, approve, refuse');
  kyc
    .command('list')
    .option('-s, --state <state>', 'pending, approved or refused', 'pending')
    .option('-n, --limit <n>', 'how many (at most 200)', positive, 50)
    .action(async (o: { state: string; limit: number }) => {
      const q = new URLSearchParams({ size: String(o.limit), ...(o.state === 'all' ? {} : { state: o.state }) });
      const data = (await request('GET', `/admin/kyc?${q}`)) as { items: AdminKycItem[] };
      console.table(
        data.items.map((i) => ({
          id: i.id,
          user: `${i.user_id} ${i.account}`,
          name: i.real_name,
          document: `${i.doc_type} ${i.id_number_masked}`,
          state: i.state,
          reason: i.reason ?? '',
          submitted: when(i.created_at),
          decided: i.decided_by ? `${when(i.decided_at)} ${i.decided_by}` : '',
        })),
      );
    });
  for (const action of ['approve', 'refuse'] as const) {
    kyc
      .command(`${action} <id>`)
      .description(action === 'approve' ? 'approve a pending submission' : 'refuse it; the reason is shown to the user')
      .requiredOption('-r, --reason <text>', 'why (kept in the audit log; shown to the user on a refusal)')
      .action(async (id: string, o: { reason: string }) => {
        const item = (await request('POST', `/admin/kyc/${positive(id)}/${action}`, {
          reason: o.reason,
        })) as AdminKycItem;
        console.log(`kyc ${item.id} (user ${item.user_id} ${item.account}): ${item.state}`);
      });
  }
}
