import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { budgets } from '../src/budgets.mjs';

/** What the next build writes into its output folder (a stand-in for rspack). */
const nextBuild = vi.hoisted(() => ({ entry: 'var trade;', manifest: '{"exposes":[]}', fail: false }));
vi.mock('../src/build-app.mjs', () => ({
  buildApp: async (name: string, outDir: string) => {
    if (nextBuild.fail) throw new Error(`build of ${name} failed (exit 1)`);
    await mkdir(outDir, { recursive: true });
    await writeFile(path.join(outDir, 'remoteEntry.js'), nextBuild.entry);
    await writeFile(path.join(outDir, 'mf-manifest.json'), nextBuild.manifest);
    await writeFile(path.join(outDir, 'boot-assets.json'), '{"routes":[]}');
  },
}));

const { deployRemote, releases, remoteIsLive, rollbackRemote } = await import('../src/remotes.mjs');

let web: string;
const remotesJson = async () => JSON.parse(await readFile(path.join(web, 'remotes.json'), 'utf8'));

beforeEach(async () => {
  web = await mkdtemp(path.join(tmpdir(), 'web-tools-'));
  vi.stubEnv('WEB_DIR', web);
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
  Object.assign(nextBuild, { entry: 'var trade;', manifest: '{"exposes":[]}', fail: false });
});
afterEach(async () => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  await rm(web, { recursive: true, force: true });
});

describe('deployRemote', () => {
  it('publishes a new immutable version folder and points only its own entry of remotes.json at it', async () => {
    await writeFile(path.join(web, 'remotes.json'), JSON.stringify({ invest: '/h5/remotes/invest/v0/remoteEntry.js' }));
    const version = await deployRemote('trade');
    expect(version).toMatch(/^\d{8}-\d{6}-[0-9a-f]{6}$/);
    expect(await remotesJson()).toEqual({
      invest: '/h5/remotes/invest/v0/remoteEntry.js',
      trade: `/h5/remotes/trade/${version}/remoteEntry.js`,
    });
    expect(await readFile(path.join(web, 'remotes/trade', version, 'remoteEntry.js'), 'utf8')).toBe('var trade;');
    expect(await releases('trade')).toEqual({ versions: [version], current: version });
    // The staging folder is gone: only the published version is left.
    expect(await readdir(path.join(web, 'remotes/trade'))).toEqual([version]);
    expect(await remoteIsLive('trade')).toBe(true);
    expect(await remoteIsLive('wallet')).toBe(false);
  });

  it('refuses a remoteEntry over its gzip budget and leaves the live version as it was', async () => {
    const first = await deployRemote('trade');
    // Random bytes do not compress: one over the budget.
    nextBuild.entry = randomBytes(budgets.remoteEntryGzip + 1024).toString('latin1');
    await expect(deployRemote('trade')).rejects.toThrow(/over the \d+ B budget/);
    expect((await remotesJson()).trade).toBe(`/h5/remotes/trade/${first}/remoteEntry.js`);
    expect(await releases('trade')).toEqual({ versions: [first], current: first });
    expect(await readdir(path.join(web, 'remotes/trade'))).toEqual([first]);
  });

  it('publishes nothing when the build fails', async () => {
    nextBuild.fail = true;
    await expect(deployRemote('trade')).rejects.toThrow('build of trade failed');
    expect(existsSync(path.join(web, 'remotes.json'))).toBe(false);
    expect(await readdir(path.join(web, 'remotes/trade'))).toEqual([]);
  });

  it('knows only the four remotes', async () => {
    await expect(deployRemote('shell')).rejects.toThrow('unknown remote "shell"');
  });
});

describe('rollbackRemote', () => {
  it('switches back to the version published before the live one, and no further than the first', async () => {
    const first = await deployRemote('trade');
    nextBuild.entry = 'var trade2;';
    // Within one second the two versions still differ: their names end in a hash of the entry.
    const second = await deployRemote('trade');
    expect(second).not.toBe(first);
    expect(await rollbackRemote('trade')).toBe(first);
    expect((await remotesJson()).trade).toBe(`/h5/remotes/trade/${first}/remoteEntry.js`);
    expect(await releases('trade')).toEqual({ versions: [first, second], current: first });
    await expect(rollbackRemote('trade')).rejects.toThrow('no earlier version');
  });

  it('refuses to switch to a version whose folder is gone', async () => {
    const first = await deployRemote('trade');
    nextBuild.entry = 'var trade2;';
    await deployRemote('trade');
    await rm(path.join(web, 'remotes/trade', first), { recursive: true });
    await expect(rollbackRemote('trade')).rejects.toThrow(`version folder ${first} is missing`);
  });
});
