/** Remote name -> the paths of the pages its live version declares. */
export type RemotePages = Record<string, string[]>;

type BootRoutes = { remotes?: Record<string, { routes?: unknown }> };

const isPaths = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((path) => typeof path === 'string' && path.startsWith('/'));

/**
 * The pages each live remote declares, as the server put them into the page's boot data (read from each
 * version's build when the page was served), or null when the page has none (a development server).
 */
export function bootRemotePages(
  boot: unknown = (globalThis as { __APP_BOOT__?: unknown }).__APP_BOOT__,
): RemotePages | null {
  const remotes = (boot as BootRoutes | undefined)?.remotes;
  if (!remotes || typeof remotes !== 'object') return null;
  const pages: RemotePages = {};
  for (const [name, remote] of Object.entries(remotes)) {
    const routes = remote?.routes;
    if (routes && typeof routes === 'object') pages[name] = Object.keys(routes);
  }
  return pages;
}

/**
 * The development server's table (tools/web reads each remote's routes module, as a production build does).
 * Unreadable: no remote pages, and every remote path shows not found.
 */
export async function fetchRemotePages(fetchFn: typeof fetch = fetch): Promise<RemotePages> {
  try {
    const response = await fetchFn(new URL('remote-pages.json', document.baseURI).toString(), { cache: 'no-cache' });
    if (!response.ok) return {};
    const body: unknown = await response.json();
    if (!body || typeof body !== 'object') return {};
    return Object.fromEntries(Object.entries(body).filter((entry): entry is [string, string[]] => isPaths(entry[1])));
  } catch {
    return {};
  }
}

/** The page's own boot data when the server gave it, otherwise the development server's table. */
export async function remotePages(): Promise<RemotePages> {
  return bootRemotePages() ?? fetchRemotePages();
}
