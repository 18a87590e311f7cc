import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { LEGACY_REMOTE_PAGES } from './legacy-remote-pages.ts';

/** The built shell's index.html holds an empty boot data element (see apps/shell/index.html) that is filled here. */
const BOOT_DATA_ELEMENT = /<script id="?boot-data"?[^>]*>[^<]*<\/script>/;

type AssetList = string[];
/** The static frame's head of a page: its kind and, per language, its texts (see apps/shell/src/boot/boot.js). */
export type BootHead = {
  kind: string;
  nav?: string;
  simulatedOnly?: boolean;
  back?: boolean;
  titleParam?: string;
  texts: Record<string, string[]>;
};
type BootAssets = {
  startup?: AssetList;
  pages?: Record<string, AssetList>;
  languages?: Record<string, AssetList>;
  /** A remote's page table as its routes module declares it (each path, with its page chunk when it has one). */
  routes?: Array<{ path: string; chunk?: string }>;
  heads?: Record<string, BootHead>;
  /** The shell's boot script runs the start-up scripts itself after the first paint (shells built since it can). */
  runAfterPaint?: boolean;
};
type Manifest = {
  exposes?: Array<{ path: string; assets?: { js?: { sync?: AssetList }; css?: { sync?: AssetList } } }>;
};

export type RemoteBoot = {
  entry: string;
  base: string;
  exposes: Record<string, AssetList>;
  pages: Record<string, AssetList>;
  languages: Record<string, AssetList>;
  /**
   * The pages this version of the remote declares: path -> its page chunk ('' when it has none). The shell routes
   * by this table, so a page added to a remote is live with the remote's release alone.
   */
  routes: Record<string, string>;
  /** The static frame's heads of its pages, by path. */
  heads: Record<string, BootHead>;
};
export type BootData = {
  /** Prices come from the built-in simulator: the frame may say so before any bundle runs. */
  simulated: boolean;
  /** The operators' name for the platform (brand settings), or null: the app shows its built-in name. */
  brand: string | null;
  /**
   * The shell's texts per language, and its start-up scripts in the order they run (the entry script last),
   * which the boot script adds right after the static frame's first paint. Empty for a shell whose page holds them as
   * deferred scripts (see startupTags).
   */
  shell: { base: string; languages: Record<string, AssetList>; scripts: AssetList };
  remotes: Record<string, RemoteBoot>;
};

const SHELL_BASE = '/h5/';
const REMOTES_PREFIX = '/h5/remotes/';

async function readJson<T>(file: string, fallback: T): Promise<T> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch {
    return fallback;
  }
}

/** A value read from a file and kept until the file's modification time changes. */
class FileCache<T> {
  private entries = new Map<string, { mtimeMs: number; value: T }>();
  constructor(private readonly load: (file: string) => Promise<T>) {}
  async get(file: string): Promise<{ value: T; mtimeMs: number }> {
    const mtimeMs = await stat(file).then(
      (s) => s.mtimeMs,
      () => -1,
    );
    const hit = this.entries.get(file);
    if (hit && hit.mtimeMs === mtimeMs) return hit;
    const entry = { mtimeMs, value: await this.load(file) };
    this.entries.set(file, entry);
    return entry;
  }
}

/** Inline scripts that run (not JSON data blocks) need their hash in the page's Content-Security-Policy. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    const attrs = match[1] ?? '';
    if (/\ssrc\s*=/i.test(attrs) || /type\s*=\s*["']?application\/(ld\+)?json/i.test(attrs)) continue;
    hashes.push(
      `'sha256-${createHash('sha256')
        .update(match[2] ?? '')
        .digest('base64')}'`,
    );
  }
  return hashes;
}

/** File names of a build (content-hashed, no path): anything else is not written into the page. */
const ASSET_NAME = /^[\w.-]+\.(js|css)$/;

/** The shell's entry script as the build writes it into index.html. */
const MAIN_SCRIPT = /<script defer src="([^"]*\/main\.[\w]+\.js)"><\/script>/;

/**
 * The shell's start-up files. For a shell whose boot script runs them (`runAfterPaint`), the scripts are not in the
 * page at all: the boot data lists them in order, the entry last, and the boot script adds them right after the static
 * frame's first paint (once it is on screen, where it shows the page's first words). As deferred scripts in the head
 * they downloaded while the frame was being laid out and could run before its first paint; measured in Chromium with a
 * phone's network and CPU, the frame now paints about 60 ms sooner and the page is ready as soon (within 50 ms). A
 * shell built before its boot script could do that gets them as `defer` scripts ahead of its entry script, as it
 * expects: each registers its modules with the chunk loader before the entry runs, so the loader inserts no element of
 * its own. Style sheets are preloads, which the loader's own <link> then takes from the cache without blocking the
 * frame's paint. A remote's files depend on the route, which is in the URL's fragment and never reaches the server: the
 * boot script asks for those.
 */
function startupTags(template: string, base: string, assets: BootAssets): { html: string; scripts: AssetList } {
  const named = (assets.startup ?? []).filter((file) => ASSET_NAME.test(file)).map((file) => `${base}${file}`);
  const js = named.filter((file) => file.endsWith('.js'));
  const styles = named
    .filter((file) => file.endsWith('.css'))
    .map((file) => `<link rel="preload" href="${file}" as="style" fetchpriority="low">`)
    .join('');
  const withStyles = (html: string) => html.replace('</head>', () => `${styles}</head>`);
  const main = MAIN_SCRIPT.exec(template);
  if (assets.runAfterPaint && main) {
    // The entry script's own tag goes: the boot script asks for it with the rest.
    return { html: withStyles(template.replace(MAIN_SCRIPT, '')), scripts: [...js, main[1]!] };
  }
  const deferred = js.map((file) => `<script defer src="${file}" fetchpriority="low"></script>`).join('');
  // Without the entry script's tag (a page that is not the built shell's), the scripts go last in the head.
  const html = main
    ? template.replace(MAIN_SCRIPT, (tag) => deferred + tag)
    : template.replace('</head>', () => `${deferred}</head>`);
  return { html: withStyles(html), scripts: [] };
}

function routeTable(routes: NonNullable<BootAssets['routes']>): Record<string, string> {
  return Object.fromEntries(
    routes.filter((r) => typeof r?.path === 'string').map((r) => [r.path, typeof r.chunk === 'string' ? r.chunk : '']),
  );
}

/** A version built before remotes declared their pages: the pages it had, with the chunk names of that time. */
function legacyRouteTable(name: string): Record<string, string> {
  return Object.fromEntries((LEGACY_REMOTE_PAGES[name] ?? []).map((p) => [p, `page${p.replace(/\//g, '-')}`]));
}

/** JSON that is safe inside a <script> element whatever the strings in it. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The shell's index.html as served: the built page with, at its marker, the boot data of this moment: which
 * version of each remote is live (remotes.json) and which files the shell, each remote's exposed modules, pages
 * and language texts need. The page's boot script preloads those for the route being opened, so the first
 * paint does not wait for the federation's discovery round trips. Remote folders are immutable, so what is
 * read from them is kept; index.html, its assets file and remotes.json are re-read when they change.
 */
export class BootDocument {
  private readonly html = new FileCache((file) => readFile(file, 'utf8'));
  private readonly shellAssets = new FileCache((file) => readJson<BootAssets>(file, {}));
  private readonly remotesJson = new FileCache((file) => readJson<Record<string, unknown>>(file, {}));
  private readonly remoteBoots = new Map<string, Promise<RemoteBoot | null>>();

  constructor(
    private readonly webDir: string,
    private readonly simulated: boolean,
    private readonly brand: () => Promise<string | null> = async () => null,
  ) {}

  async render(): Promise<{ html: string; scriptHashes: string[] } | null> {
    const { value: template, mtimeMs } = await this.html.get(path.join(this.webDir, 'shell', 'index.html'));
    if (mtimeMs < 0) return null;
    const shell = (await this.shellAssets.get(path.join(this.webDir, 'shell', 'boot-assets.json'))).value;
    const startup = startupTags(template, SHELL_BASE, shell);
    const data = await this.bootData(shell, startup.scripts);
    const html = startup.html.replace(
      BOOT_DATA_ELEMENT,
      () => `<script id="boot-data" type="application/json">${scriptJson(data)}</script>`,
    );
    return { html, scriptHashes: inlineScriptHashes(html) };
  }

  private async bootData(shell: BootAssets, scripts: AssetList): Promise<BootData> {
    const remotes = (await this.remotesJson.get(path.join(this.webDir, 'remotes.json'))).value;
    const data: BootData = {
      simulated: this.simulated,
      brand: await this.brand().catch(() => null),
      shell: { base: SHELL_BASE, languages: shell.languages ?? {}, scripts },
      remotes: {},
    };
    for (const [name, url] of Object.entries(remotes)) {
      if (typeof url !== 'string') continue;
      const boot = await this.remoteBoot(name, url);
      if (boot) data.remotes[name] = boot;
    }
    return data;
  }

  /** remotes.json names a remote's remoteEntry.js (or, written by older tools, its mf-manifest.json). */
  private remoteBoot(name: string, url: string): Promise<RemoteBoot | null> {
    let pending = this.remoteBoots.get(url);
    if (!pending) {
      pending = this.loadRemoteBoot(name, url);
      this.remoteBoots.set(url, pending);
    }
    return pending;
  }

  private async loadRemoteBoot(name: string, url: string): Promise<RemoteBoot | null> {
    if (!url.startsWith(REMOTES_PREFIX) || url.includes('..')) return null;
    const base = url.slice(0, url.lastIndexOf('/') + 1);
    const dir = path.join(this.webDir, 'remotes', base.slice(REMOTES_PREFIX.length));
    const manifest = await readJson<Manifest>(path.join(dir, 'mf-manifest.json'), {});
    const assets = await readJson<BootAssets>(path.join(dir, 'boot-assets.json'), {});
    const exposes: Record<string, AssetList> = {};
    for (const expose of manifest.exposes ?? []) {
      exposes[expose.path.replace(/^\.\//, '')] = [
        ...(expose.assets?.css?.sync ?? []),
        ...(expose.assets?.js?.sync ?? []),
      ];
    }
    return {
      entry: url.endsWith('.js') ? url : `${base}remoteEntry.js`,
      base,
      exposes,
      pages: assets.pages ?? {},
      languages: assets.languages ?? {},
      routes: assets.routes ? routeTable(assets.routes) : legacyRouteTable(name),
      heads: assets.heads ?? {},
    };
  }
}
