import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

/** The built shell's index.html holds an empty boot data element (see apps/shell/index.html) that is filled here. */
const BOOT_DATA_ELEMENT = /<script id="?boot-data"?[^>]*>[^<]*<\/script>/;

type AssetList = string[];
type BootAssets = { startup?: AssetList; pages?: Record<string, AssetList>; languages?: Record<string, AssetList> };
type Manifest = {
  exposes?: Array<{ path: string; assets?: { js?: { sync?: AssetList }; css?: { sync?: AssetList } } }>;
};

export type RemoteBoot = {
  entry: string;
  base: string;
  exposes: Record<string, AssetList>;
  pages: Record<string, AssetList>;
  languages: Record<string, AssetList>;
};
export type BootData = {
  /** Prices come from the built-in simulator: the frame may say so before any bundle runs. */
  simulated: boolean;
  /** The shell's texts per language (its start-up files are written into the page's head, not asked for by script). */
  shell: { base: string; languages: Record<string, AssetList> };
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
const MAIN_SCRIPT = /<script defer src="[^"]*\/main\.[\w]+\.js"><\/script>/;

/**
 * The shell's start-up files, written into the page's head where the browser's preload scanner finds them
 * with no script of the page's own (each preload or script element a script makes costs a phone's main thread
 * a millisecond or two, and there are two dozen):
 * - scripts as `defer` scripts ahead of the entry script: each registers its modules with the chunk loader
 *   before the entry runs, so the loader finds them installed and inserts no element of its own;
 * - style sheets as preloads, which the loader's own <link> then takes from the cache without blocking the
 *   static frame's paint.
 * All are asked for at low priority: the frame needs none of them to paint, and the route's remote files, which
 * the boot script asks for after that paint, are wanted as soon.
 * A remote's files depend on the route, which is in the URL's fragment and never reaches the server: the boot
 * script asks for those.
 */
function startupTags(base: string, files: AssetList): { scripts: string; styles: string } {
  const named = files.filter((file) => ASSET_NAME.test(file));
  return {
    scripts: named
      .filter((file) => file.endsWith('.js'))
      .map((file) => `<script defer src="${base}${file}" fetchpriority="low"></script>`)
      .join(''),
    styles: named
      .filter((file) => file.endsWith('.css'))
      .map((file) => `<link rel="preload" href="${base}${file}" as="style" fetchpriority="low">`)
      .join(''),
  };
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
  ) {}

  async render(): Promise<{ html: string; scriptHashes: string[] } | null> {
    const { value: template, mtimeMs } = await this.html.get(path.join(this.webDir, 'shell', 'index.html'));
    if (mtimeMs < 0) return null;
    const shell = (await this.shellAssets.get(path.join(this.webDir, 'shell', 'boot-assets.json'))).value;
    const data = await this.bootData(shell);
    const startup = startupTags(SHELL_BASE, shell.startup ?? []);
    // Without the entry script's tag (a page that is not the built shell's), the scripts go last in the head.
    const withScripts = MAIN_SCRIPT.test(template)
      ? template.replace(MAIN_SCRIPT, (main) => startup.scripts + main)
      : template.replace('</head>', () => `${startup.scripts}</head>`);
    const html = withScripts
      .replace('</head>', () => `${startup.styles}</head>`)
      .replace(BOOT_DATA_ELEMENT, () => `<script id="boot-data" type="application/json">${scriptJson(data)}</script>`);
    return { html, scriptHashes: inlineScriptHashes(html) };
  }

  private async bootData(shell: BootAssets): Promise<BootData> {
    const remotes = (await this.remotesJson.get(path.join(this.webDir, 'remotes.json'))).value;
    const data: BootData = {
      simulated: this.simulated,
      shell: { base: SHELL_BASE, languages: shell.languages ?? {} },
      remotes: {},
    };
    for (const [name, url] of Object.entries(remotes)) {
      if (typeof url !== 'string') continue;
      const boot = await this.remoteBoot(url);
      if (boot) data.remotes[name] = boot;
    }
    return data;
  }

  /** remotes.json names a remote's remoteEntry.js (or, written by older tools, its mf-manifest.json). */
  private remoteBoot(url: string): Promise<RemoteBoot | null> {
    let pending = this.remoteBoots.get(url);
    if (!pending) {
      pending = this.loadRemoteBoot(url);
      this.remoteBoots.set(url, pending);
    }
    return pending;
  }

  private async loadRemoteBoot(url: string): Promise<RemoteBoot | null> {
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
    };
  }
}
