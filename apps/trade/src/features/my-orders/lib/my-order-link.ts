import type { MyOrder } from '@app/contracts';

/**
 * Where one entry of "my orders" opens its detail, or null where the app has none to open (an exchange is
 * listed in full on the wallet's finance page, a plan's events on My projects).
 */
export function myOrderHref(item: Pick<MyOrder, 'target'>, tab: string): string | null {
  const { type, id } = item.target;
  switch (type) {
    case 'order':
      return `/pages/user/order?tab=${tab}&id=${id}`;
    case 'deposit':
      return `/pages/user/rechargerecord?id=${id}`;
    case 'withdrawal':
      return `/pages/user/cashrecord?id=${id}`;
    case 'holding':
      return '/pages/project/myproject';
    default:
      return null;
  }
}
