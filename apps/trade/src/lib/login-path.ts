/** The account remote's login page, with the way back here (the shell's auth gate uses the same shape). */
export function loginPath(returnTo: string): string {
  return `/pages/login/login?redirect=${encodeURIComponent(returnTo)}`;
}
