import { describe, expect, it } from 'vitest';
import { myOrderHref } from '../lib/my-order-link.ts';

describe('myOrderHref', () => {
  it('opens the detail each kind has, and nothing where there is none', () => {
    expect(myOrderHref({ target: { type: 'order', id: 5 } }, 'mine')).toBe('/pages/user/order?tab=mine&id=5');
    expect(myOrderHref({ target: { type: 'deposit', id: 9 } }, 'mine')).toBe('/pages/user/rechargerecord?id=9');
    expect(myOrderHref({ target: { type: 'withdrawal', id: 4 } }, 'mine')).toBe('/pages/user/cashrecord?id=4');
    expect(myOrderHref({ target: { type: 'holding', id: 2 } }, 'mine')).toBe('/pages/project/myproject');
    expect(myOrderHref({ target: { type: 'exchange', id: 1 } }, 'mine')).toBeNull();
  });
});
