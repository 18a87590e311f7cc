/** Remote name -> URL of that remote's remoteEntry.js (older deploys wrote its mf-manifest.json; both load). */
export type RemoteManifest = Record<string, string>;

export const REMOTE_NAMES = ['trade', 'invest', 'wallet', 'account'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

function isManifest(value: unknown): value is RemoteManifest {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((entry) => typeof entry === 'string' && entry.length > 0)
  );
}

type BootData = { remotes?: Record<string, { entry?: unknown }> };

/**
 * The remotes the server put into the page (index.html's boot data, read by the inline boot script): the same
 * map as remotes.json, as of the moment the page was served, with no request of its own.
 */
export function bootRemoteManifest(
  boot: unknown = (globalThis as { __APP_BOOT__?: unknown }).__APP_BOOT__,
): RemoteManifest | null {
  const remotes = (boot as BootData | undefined)?.remotes;
  if (!remotes || typeof remotes !== 'object') return null;
  const manifest = Object.fromEntries(Object.entries(remotes).map(([name, remote]) => [name, remote?.entry]));
  return isManifest(manifest) ? manifest : null;
}

/**
 * Fetches the runtime manifest. If it cannot be read the shell still starts with no remotes: every remote
 * page then shows its own "could not load" view with retry instead of the whole app staying blank.
 */
export async function fetchRemoteManifest(fetchFn: typeof fetch = fetch): Promise<RemoteManifest> {
  try {
    const response = await fetchFn(new URL('remotes.json', document.baseURI).toString(), { cache: 'no-cache' });
    if (!response.ok) return {};
    const body: unknown = await response.json();
    return isManifest(body) ? body : {};
  } catch {
    return {};
  }
}

/** The page's own boot data when the server gave it, otherwise remotes.json (development servers). */
export async function remoteManifest(): Promise<RemoteManifest> {
  return bootRemoteManifest() ?? fetchRemoteManifest();
}

type BootExposes = { remotes?: Record<string, { exposes?: unknown }> };

/**
 * Whether the live version of a remote exposes a module, as the page's boot data says (each version's
 * mf-manifest.json). True when the page has no boot data (a development server) or the data says nothing:
 * only a version known to lack the module answers false, as a remote released before the widget existed
 * does while the shell is newer. Home leaves such a widget out instead of showing an error in its place.
 */
export function remoteExposes(
  remote: string,
  module: string,
  boot: unknown = (globalThis as { __APP_BOOT__?: unknown }).__APP_BOOT__,
): boolean {
  const exposes = (boot as BootExposes | undefined)?.remotes?.[remote]?.exposes;
  if (!exposes || typeof exposes !== 'object') return true;
  return Object.prototype.hasOwnProperty.call(exposes, module);
}
