import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { OperatorMe, OperatorSession } from '@app/contracts';

/**
 * The console's session as the page knows it. The session itself is the HttpOnly cookie; what the page keeps,
 * in memory only, is the CSRF token sent back with every change and the operator it belongs to. A reloaded page
 * reads both again from `GET /admin/session`.
 */
export type SessionState = {
  csrf: string | null;
  operator: OperatorSession['operator'] | null;
  permissions: OperatorSession['permissions'];
  /** Why the page is back at sign-in: a 401 ended the session, or the operator signed out. */
  ended: 'expired' | 'signed_out' | null;
};

const initialState: SessionState = { csrf: null, operator: null, permissions: [], ended: null };

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    signedIn(_state, action: PayloadAction<OperatorSession>) {
      const { csrf_token, operator, permissions } = action.payload;
      return { csrf: csrf_token, operator, permissions, ended: null };
    },
    /** A reloaded page with a live session cookie: `GET /admin/session` answers the session's CSRF token again. */
    sessionRestored(_state, action: PayloadAction<OperatorMe & { csrf_token: string }>) {
      const { csrf_token, operator, permissions } = action.payload;
      return { csrf: csrf_token, operator, permissions, ended: null };
    },
    sessionEnded(_state, action: PayloadAction<'expired' | 'signed_out'>) {
      return { ...initialState, ended: action.payload };
    },
  },
});

export const { signedIn, sessionRestored, sessionEnded } = sessionSlice.actions;
