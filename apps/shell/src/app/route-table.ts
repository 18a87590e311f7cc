import type { RemoteName } from '../remotes/remote-manifest.ts';
import routeOwners from './route-owners.json' with { type: 'json' };

/**
 * Which remote owns which page of the spec's route table, and which widgets Home composes. Kept as JSON because
 * the page's inline boot script (src/boot/boot.js) reads the same table to preload a route's files.
 */
export const REMOTE_ROUTES: Record<RemoteName, readonly string[]> = routeOwners.remotes;

/**
 * The remote widgets Home shows, in order: [remote, exposed module, "below-fold"?]. A widget marked below-fold
 * is neither preloaded by the boot script nor loaded until it comes near the screen, so a first load of Home
 * does not download its remote.
 */
export const HOME_WIDGETS = routeOwners.home.map(
  ([remote, module, where]) => [remote as RemoteName, module!, where === 'below-fold'] as const,
);

export const HOME_PATHS = routeOwners.tabs.home;

export type TabKey = 'home' | 'project' | 'order' | 'mine';

/** The bottom tab bar, in the spec's order; `paths` are the routes on which each tab is current. */
export const TABS: ReadonlyArray<{ key: TabKey; href: string; paths: readonly string[] }> = [
  { key: 'home', href: '#/', paths: routeOwners.tabs.home },
  { key: 'project', href: '#/pages/project/project', paths: routeOwners.tabs.project },
  { key: 'order', href: '#/pages/user/order', paths: routeOwners.tabs.order },
  { key: 'mine', href: '#/pages/user/user', paths: routeOwners.tabs.mine },
];

/** As the router compares paths: without case, and without a trailing slash. */
const normalise = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname).toLowerCase();

/** Who renders a page: Home, or the remote that owns it. */
export type PageOwner = { kind: 'home' } | { kind: 'remote'; remote: RemoteName };

const OWNERS = new Map<string, PageOwner>([
  ...HOME_PATHS.map((path) => [normalise(path), { kind: 'home' }] as const),
  ...(Object.entries(REMOTE_ROUTES) as [RemoteName, readonly string[]][]).flatMap(([remote, paths]) =>
    paths.map((path) => [normalise(path), { kind: 'remote', remote }] as const),
  ),
]);

/**
 * The owner of a path, or null (not found): one lookup, as every path of the table is a literal. The router's
 * ranking of every path on each render was a long task of its own on a phone's first load.
 */
export function ownerOf(pathname: string): PageOwner | null {
  return OWNERS.get(normalise(pathname)) ?? null;
}

/** The tab whose page this is, or null: the tab bar shows only on the four tab pages. */
export function tabOf(pathname: string): TabKey | null {
  const path = normalise(pathname);
  return TABS.find((tab) => tab.paths.some((p) => p.toLowerCase() === path))?.key ?? null;
}
