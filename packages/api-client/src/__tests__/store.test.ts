import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../store.ts';
import { baseApi } from '../api.ts';
import { sessionEnded, sessionStarted, selectIsLoggedIn } from '../session-slice.ts';

beforeEach(() => localStorage.clear());

describe('the session in the store', () => {
  it('starts from the token in local storage', () => {
    localStorage.setItem('token', 'stored');
    expect(makeStore().getState().session.token).toBe('stored');
  });

  it('persists a new session and clears it when it ends', () => {
    const store = makeStore();
    store.dispatch(sessionStarted('t-1'));
    expect(localStorage.getItem('token')).toBe('t-1');
    expect(selectIsLoggedIn(store.getState())).toBe(true);
    store.dispatch(sessionEnded('expired'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(store.getState().session.endedBecause).toBe('expired');
  });

  it('drops cached answers when the session changes, and only then', () => {
    const reset = vi.spyOn(baseApi.util, 'resetApiState');
    const store = makeStore();
    store.dispatch(sessionEnded('expired')); // no session to end: nothing to drop
    expect(reset).not.toHaveBeenCalled();
    store.dispatch(sessionStarted('t-2'));
    expect(reset).toHaveBeenCalledTimes(1);
    store.dispatch(sessionEnded('logout'));
    expect(reset).toHaveBeenCalledTimes(2);
    reset.mockRestore();
  });
});
