/** Only in-app paths are accepted as a place to return to after login. */
export function safeRedirect(value: string | null, fallback = '/pages/user/user'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return fallback;
  // Never bounce back into the login or register pages themselves.
  if (value.startsWith('/pages/login/')) return fallback;
  return value;
}
