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
    // RTK Query's requests and answers are batched: subscribers hear of a batch once. RTK tells them in an
    // animation frame by default, so the re-render ran inside the frame's task, together with its style, layout
    // and paint and with the chart's drawing: on a slow phone, one long task of several short ones. A task of
    // its own keeps them apart; waiting a frame's time for it still gathers answers that arrive close together
    // into one render, as the frame did (with no wait, each answer's task had a render of its own).
    enhancers: (getDefault) => getDefault({ autoBatch: { type: 'timer', timeout: 16 } }),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
