/** The spec keeps the login token in local storage under `token`. */
export const TOKEN_STORAGE_KEY = 'token';

export function readStoredToken(): string | null {
  try {
    return globalThis.localStorage?.getItem(TOKEN_STORAGE_KEY) || null;
  } catch {
    return null;
  }
}

export function storeToken(token: string | null): void {
  try {
    if (token) globalThis.localStorage?.setItem(TOKEN_STORAGE_KEY, token);
    else globalThis.localStorage?.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // Storage unavailable: the session still lives in memory until the page closes.
  }
}
