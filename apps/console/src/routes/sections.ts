import type { LiveQueue, Permission } from '@app/contracts';

/** The console's sections, in sidebar order, and the permission each needs (null: every operator). */
export const SECTIONS: readonly {
  path: string;
  labelKey: string;
  permission: Permission | null;
  /** The live queue whose waiting count the link shows. */
  queue?: LiveQueue;
}[] = [
  { path: 'deposits', labelKey: 'nav.deposits', permission: 'money.review', queue: 'deposits' },
  { path: 'withdrawals', labelKey: 'nav.withdrawals', permission: 'money.review', queue: 'withdrawals' },
  { path: 'kyc', labelKey: 'nav.kyc', permission: 'kyc.review', queue: 'real_name' },
  { path: 'support', labelKey: 'nav.support', permission: 'support.reply', queue: 'support' },
  // What waits for this operator's second approval: every role may have some (a held change of its own controls).
  { path: 'approvals', labelKey: 'nav.approvals', permission: null, queue: 'approvals' },
  { path: 'cases', labelKey: 'nav.cases', permission: 'money.review', queue: 'cases' },
  { path: 'risk', labelKey: 'nav.risk', permission: 'users.read' },
  { path: 'users', labelKey: 'nav.users', permission: 'users.read' },
  { path: 'house', labelKey: 'house.nav', permission: 'house.read' },
  { path: 'content', labelKey: 'content.nav', permission: 'content.edit' },
  { path: 'plans', labelKey: 'plans.nav', permission: 'catalogue.edit' },
  { path: 'settings', labelKey: 'settings.nav', permission: 'settings.edit' },
  { path: 'products', labelKey: 'nav.products', permission: 'catalogue.edit' },
  { path: 'orders', labelKey: 'nav.orders', permission: 'users.read' },
  { path: 'audit', labelKey: 'nav.audit', permission: 'audit.read' },
  { path: 'broadcast', labelKey: 'broadcast.nav', permission: 'support.reply' },
  { path: 'templates', labelKey: 'templates.nav', permission: 'support.reply' },
  { path: 'operators', labelKey: 'nav.operators', permission: 'operators.manage' },
  { path: 'brand', labelKey: 'nav.brand', permission: 'settings.edit' },
  { path: 'tokens', labelKey: 'nav.tokens', permission: null },
];

export const sectionsFor = (permissions: readonly Permission[]) =>
  SECTIONS.filter((section) => section.permission === null || permissions.includes(section.permission));
