import { describe, expect, it } from 'vitest';
import { makeStore } from '@app/api-client';
import { orderTabChosen, selectOrderTab } from '../features/order-tabs/lib/order-tabs-slice.ts';

describe('the injected order-tabs slice', () => {
  it('lives in the shell store once the remote is loaded, one fresh store per test', () => {
    const store = makeStore();
    expect(selectOrderTab(store.getState())).toBe('contract');
    store.dispatch(orderTabChosen('history'));
    expect(selectOrderTab(store.getState())).toBe('history');
    expect(selectOrderTab(makeStore().getState())).toBe('contract');
  });
});
