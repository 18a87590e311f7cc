import type { CaseKind } from '@app/contracts';

/** Where the contested item is shown: its owning remote's page (trade's order detail, wallet's records). */
export function itemHref(kind: CaseKind, id: number): string {
  if (kind === 'order') return `#/pages/user/order?tab=history&id=${id}`;
  if (kind === 'deposit') return `#/pages/user/rechargerecord?id=${id}`;
  return `#/pages/user/cashrecord?id=${id}`;
}
