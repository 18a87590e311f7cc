import { combineReducers, configureStore, type Middleware } from '@reduxjs/toolkit';
import { consoleApi } from '../lib/api.ts';
import { sessionEnded, sessionSlice } from '../lib/session-slice.ts';

const reducer = combineReducers({ session: sessionSlice.reducer, [consoleApi.reducerPath]: consoleApi.reducer });

/** A session that ends (a 401, or signing out) drops everything the console had read with it. */
const forgetOnSessionEnd: Middleware = (store) => (next) => (action) => {
  const result = next(action);
  if (sessionEnded.match(action)) store.dispatch(consoleApi.util.resetApiState());
  return result;
};

export function makeStore() {
  return configureStore({
    reducer,
    middleware: (getDefault) => getDefault().concat(consoleApi.middleware, forgetOnSessionEnd),
  });
}

export type ConsoleStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<typeof reducer>;
export type AppDispatch = ConsoleStore['dispatch'];
