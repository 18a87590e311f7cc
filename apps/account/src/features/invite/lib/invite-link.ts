/** The registration page of this very app, with the code filled in (the register page reads `invite`). */
export function registerLink(code: string): string {
  const base = `${window.location.origin}${window.location.pathname}`;
  return `${base}#/pages/login/register?invite=${encodeURIComponent(code)}`;
}
