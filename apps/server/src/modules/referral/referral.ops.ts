import type { Command } from 'commander';
import type { InviteRules } from '@app/contracts';

/** `pnpm ops invite-bonus ...`: the invitation bonus rule, through the admin API (audited there). */
type Request = (method: 'GET' | 'POST', url: string, body?: object) => Promise<unknown>;

export function registerReferralCommands(program: Command, request: Request) {
  const bonus = program.command('invite-bonus').description('the invitation bonus paid to inviters (one level)');
  bonus.command('show').action(async () => {
    const r = (await request('GET', '/admin/invite-settings')) as InviteRules;
    console.log(`${r.bonus_amount} U when an invitee meets: ${r.condition}`);
  });
  bonus
    .command('set')
    .requiredOption('-a, --amount <U>', 'paid to the inviter once per invitee; 0 pays nothing')
    .requiredOption(
      '-c, --condition <name>',
      'real_name (verification approved) or first_deposit (first approved recharge)',
    )
    .requiredOption('-r, --reason <text>', 'why (kept in the audit log)')
    .action(async (o: { amount: string; condition: string; reason: string }) => {
      const r = (await request('POST', '/admin/invite-settings', {
        bonus_amount: o.amount,
        condition: o.condition,
        reason: o.reason,
      })) as InviteRules;
      console.log(`invitation bonus: ${r.bonus_amount} U on ${r.condition}`);
    });
}
