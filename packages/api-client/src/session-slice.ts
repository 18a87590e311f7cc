import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { readStoredToken } from './token-storage.ts';

export type SessionEndReason = 'logout' | 'expired';

export type SessionState = {
  token: string | null;
  /** Why the last session ended; lets the login page say "your session expired" instead of nothing. */
  endedBecause: SessionEndReason | null;
};

const initialState = (): SessionState => ({ token: readStoredToken(), endedBecause: null });

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    sessionStarted(state, action: PayloadAction<string>) {
      state.token = action.payload;
      state.endedBecause = null;
    },
    sessionEnded(state, action: PayloadAction<SessionEndReason>) {
      state.token = null;
      state.endedBecause = action.payload;
    },
  },
  selectors: {
    selectToken: (state) => state.token,
    selectIsLoggedIn: (state) => state.token !== null,
    selectSessionEndReason: (state) => state.endedBecause,
  },
});

export const { sessionStarted, sessionEnded } = sessionSlice.actions;
export const { selectToken, selectIsLoggedIn, selectSessionEndReason } = sessionSlice.selectors;
