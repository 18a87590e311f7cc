import { REMOTE_NAMES, type RemoteName } from '../remotes/remote-manifest.ts';
import shellRoutes from './shell-routes.json' with { type: 'json' };

/**
 * The shell's own part of the route table: Home's paths, the widgets Home composes and the tab bar. Kept as JSON
 * because the page's inline boot script (src/boot/boot.js) reads the same table. The remotes' pages are not
 * here: each remote declares them (its exposed routes module) and the shell learns them at run time from the
 * page's boot data (see learnRemotePages), so a remote adds a page without a shell release.
 */

/**
 * The remote widgets Home shows, in order: [remote, exposed module, "below-fold"?]. A widget marked below-fold
 * is neither preloaded by the boot script nor loaded until it comes near the screen, so a first load of Home
 * does not download its remote.
 */
export const HOME_WIDGETS = shellRoutes.home.map(
  ([remote, module, where]) => [remote as RemoteName, module!, where === 'below-fold'] as const,
);

export const HOME_PATHS = shellRoutes.tabs.home;

export type TabKey = 'home' | 'project' | 'order' | 'mine';

/** The bottom tab bar, in the spec's order; `paths` are the routes on which each tab is current. */
export const TABS: ReadonlyArray<{ key: TabKey; href: string; paths: readonly string[] }> = [
  { key: 'home', href: '#/', paths: shellRoutes.tabs.home },
  { key: 'project', href: '#/pages/project/project', paths: shellRoutes.tabs.project },
  { key: 'order', href: '#/pages/user/order', paths: shellRoutes.tabs.order },
  { key: 'mine', href: '#/pages/user/user', paths: shellRoutes.tabs.mine },
];

/** As the router compares paths: without case, and without a trailing slash. */
const normalise = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname).toLowerCase();

/** Who renders a page: Home, or the remote that owns it. */
export type PageOwner = { kind: 'home' } | { kind: 'remote'; remote: RemoteName };

/** Each live remote's pages, as it declares them (filled by learnRemotePages). */
export const REMOTE_ROUTES: Partial<Record<RemoteName, readonly string[]>> = {};

let owners = new Map<string, PageOwner>();

/**
 * Takes the remotes' pages (from the boot data, or the development server) into the table; a remote not named
 * keeps none. Built once into a map: see ownerOf.
 */
export function learnRemotePages(pages: Partial<Record<string, readonly string[]>>) {
  for (const name of REMOTE_NAMES) {
    if (pages[name]) REMOTE_ROUTES[name] = pages[name];
    else delete REMOTE_ROUTES[name];
  }
  owners = new Map<string, PageOwner>([
    ...(Object.entries(REMOTE_ROUTES) as [RemoteName, readonly string[]][]).flatMap(([remote, paths]) =>
      paths.map((path) => [normalise(path), { kind: 'remote', remote }] as const),
    ),
    // Home's paths are the shell's: no remote takes them.
    ...HOME_PATHS.map((path) => [normalise(path), { kind: 'home' }] as const),
  ]);
}
learnRemotePages({});

/**
 * The owner of a path, or null (not found): one lookup, as every path of the table is a literal. The router's
 * ranking of every path on each render was a long task of its own on a phone's first load.
 */
export function ownerOf(pathname: string): PageOwner | null {
  return owners.get(normalise(pathname)) ?? null;
}

/** The tab whose page this is, or null: the tab bar shows only on the four tab pages. */
export function tabOf(pathname: string): TabKey | null {
  const path = normalise(pathname);
  return TABS.find((tab) => tab.paths.some((p) => p.toLowerCase() === path))?.key ?? null;
}
