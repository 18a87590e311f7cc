export const LOGIN_PATH = '/pages/login/login';

/** The login page with a way back: after login the user lands on the page that sent them. */
export function loginPathFor(returnTo: string): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(returnTo)}`;
}
