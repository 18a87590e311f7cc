/** Remote name -> URL of that remote's mf-manifest.json. */
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
