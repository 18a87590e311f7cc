import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '@app/api-client';

/** The Order tab's strip, in the spec's order. */
export const ORDER_TABS = ['project', 'contract', 'holding', 'history', 'mine', 'follow'] as const;
export type OrderTab = (typeof ORDER_TABS)[number];

/**
 * Which order list the user last looked at, kept in the shell's store so the Order tab reopens where it was
 * left. Injected into the shared root reducer when this remote loads: the shell knows nothing of it.
 */
export const orderTabsSlice = createSlice({
  name: 'orderTabs',
  initialState: { current: 'contract' as OrderTab },
  reducers: {
    orderTabChosen(state, action: PayloadAction<OrderTab>) {
      state.current = action.payload;
    },
  },
  selectors: {
    selectOrderTab: (state) => state.current,
  },
});

declare module '@app/api-client' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface LazyLoadedSlices extends WithSlice<typeof orderTabsSlice> {}
}

const injected = orderTabsSlice.injectInto(rootReducer);
export const { selectOrderTab } = injected.selectors;
export const { orderTabChosen } = orderTabsSlice.actions;
