import { configureStore, createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
import { baseApi } from './api.ts';
import { rootReducer, type RootState } from './root-reducer.ts';
import { sessionEnded, sessionStarted } from './session-slice.ts';
import { storeToken } from './token-storage.ts';

function sessionPersistence() {
  const listener = createListenerMiddleware();
  listener.startListening({
    matcher: isAnyOf(sessionStarted, sessionEnded),
    effect: (action, api) => {
      storeToken(sessionStarted.match(action) ? action.payload : null);
      // Cached answers belong to the previous user: drop them whenever the session changes (and only then:
      // ending a session that had already ended must not refetch everything).
      const before = (api.getOriginalState() as RootState).session.token;
      if (before !== (api.getState() as RootState).session.token) api.dispatch(baseApi.util.resetApiState());
    },
  });
  return listener.middleware;
}

/** A fresh store: one per page in the app, one per test. */
export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefault) => getDefault().prepend(sessionPersistence()).concat(baseApi.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
