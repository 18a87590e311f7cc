import { HOME_PATHS } from './route-table.ts';

/** The spec's address words: a page whose address contains one of these is open without login. */
export const OPEN_WORDS = [
  'register',
  'login',
  'agreement',
  'public',
  'customer',
  'download',
  'splash',
  'forgetpwd',
  'index',
  'about',
  'aboutus',
] as const;

/**
 * Whether a page may be shown without a session. Home at "/" is the alias of /pages/index/index, which
 * contains "index", so it is open too.
 */
export function isOpenPath(pathname: string): boolean {
  const path = pathname.toLowerCase();
  if ((HOME_PATHS as readonly string[]).includes(path)) return true;
  return OPEN_WORDS.some((word) => path.includes(word));
}
