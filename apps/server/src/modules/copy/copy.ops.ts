import { InvalidArgumentError, type Command } from 'commander';
import type { AdminLeader, ChainVerification } from '@app/contracts';

// The shared CLI client answers with the envelope's data, untyped; these commands know its shape.
type Request = (method: 'GET' | 'POST', url: string, body?: object) => Promise<unknown>;

const positive = (v: string) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('expected a positive whole number');
  return n;
};
const when = (s: number) => new Date(s * 1000).toISOString().replace('T', ' ').slice(0, 16);

/**
 * `pnpm ops copy ...`: list leaders and re-check their records' hash chains. Read-only, like the admin API
 * behind it: no command can edit a record.
 */
export function registerCopyCommands(program: Command, request: Request) {
  const copy = program.command('copy').description('copy trading: leaders and the verification of their records');
  copy.command('leaders').action(async () => {
    const data = (await request('GET', '/admin/copy/leaders')) as { items: AdminLeader[] };
    console.table(
      data.items.map((l) => ({
        leader: l.leader_id,
        user: l.user_id,
        account: l.account,
        name: l.display_name,
        status: l.status,
        records: l.records,
        current: l.current_record_id ?? '-',
        orders: l.orders,
        followers: l.followers,
        since: when(l.created_at),
      })),
    );
  });
  copy
    .command('verify <id>')
    .description('re-check every record of leader <id> (or record <id> with --record); exit 1 on any break')
    .option('--record', '<id> is a record id, not a leader id')
    .action(async (id: string, o: { record?: boolean }) => {
      const q = o.record ? `record_id=${positive(id)}` : `leader_id=${positive(id)}`;
      const data = (await request('GET', `/admin/copy/verify?${q}`)) as { items: ChainVerification[]; ok: boolean };
      for (const r of data.items) {
        console.log(
          `record ${r.record_id} (leader ${r.leader_id}): ${r.ok ? 'OK' : 'BROKEN'}, ${r.entries} entries, ${r.orders} orders, head ${r.head_hash}`,
        );
        for (const b of r.breaks.slice(0, 50))
          console.log(
            `  ${b.kind}${b.seq === null ? '' : ` seq ${b.seq}`}${b.order_id === null ? '' : ` order ${b.order_id}`}: ${b.detail}`,
          );
      }
      if (!data.ok) process.exitCode = 1;
    });
}
