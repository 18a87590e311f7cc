import type { Permission } from '@app/contracts';

/** The console's sections, in sidebar order, and the permission each needs (null: every operator). */
export const SECTIONS: readonly { path: string; labelKey: string; permission: Permission | null }[] = [
  { path: 'deposits', labelKey: 'nav.deposits', permission: 'money.review' },
  { path: 'withdrawals', labelKey: 'nav.withdrawals', permission: 'money.review' },
  { path: 'users', labelKey: 'nav.users', permission: 'users.read' },
  { path: 'operators', labelKey: 'nav.operators', permission: 'operators.manage' },
  { path: 'tokens', labelKey: 'nav.tokens', permission: null },
];

export const sectionsFor = (permissions: readonly Permission[]) =>
  SECTIONS.filter((section) => section.permission === null || permissions.includes(section.permission));
