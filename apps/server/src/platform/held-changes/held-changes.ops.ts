import { InvalidArgumentError, type Command } from 'commander';
import type { HeldChange, HeldChangeDecision, HeldChangeList } from '@app/contracts';

type Request = (method: 'GET' | 'POST', url: string, body?: object) => Promise<unknown>;

const line = (c: HeldChange) =>
  `#${c.id} ${c.kind} ${c.target} (${c.status}) proposed by ${c.proposed_by}: ${c.proposal_reason}\n` +
  c.fields.map((f) => `    ${f.field}: ${String(f.before)} -> ${String(f.after)}`).join('\n');

/**
 * `pnpm ops held ...`: the changes that weaken a control, waiting for a second operator. A change made with
 * `pnpm ops wallet set` (or in the console) that is held is decided here by another operator, as in the console.
 */
export function registerHeldChangeCommands(program: Command, request: Request) {
  const held = program.command('held').description('changes waiting for a second operator: list, approve, refuse');
  held
    .command('list')
    .description('the changes you may decide (pending by default)')
    .option('-s, --status <status>', 'pending, applied or refused', 'pending')
    .action(async (o: { status: string }) => {
      const { items } = (await request(
        'GET',
        `/admin/held-changes?status=${encodeURIComponent(o.status)}`,
      )) as HeldChangeList;
      console.log(items.length ? items.map(line).join('\n') : `no ${o.status} change`);
    });
  for (const decision of ['approve', 'refuse'] as const)
    held
      .command(`${decision} <id>`)
      .description(`${decision} a held change as the second operator`)
      .requiredOption('-r, --reason <text>', 'why (kept in the audit log)')
      .action(async (id: string, o: { reason: string }) => {
        if (!/^\d+$/.test(id)) throw new InvalidArgumentError('expected the change number');
        const decided = (await request('POST', `/admin/held-changes/${id}/${decision}`, {
          reason: o.reason,
        })) as HeldChangeDecision;
        console.log(line(decided));
        // An approved invitation's ticket is shown here once, to the checker: hand it to the invited operator.
        if (decided.invitation)
          console.log(
            `invitation ticket (once, until ${new Date(decided.invitation.expires_at * 1000).toISOString()}): ${decided.invitation.ticket}`,
          );
      });
}
