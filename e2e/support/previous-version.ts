import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot } from './paths.ts';

const git = (...args: string[]) => execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).trim();
const tryGit = (...args: string[]) => {
  try {
    return git(...args);
  } catch {
    return null;
  }
};

/**
 * The commit holding the previous version of a folder: the newest commit on the first-parent history whose
 * copy of `dir` differs from HEAD's. Null when the history has no other version (a shallow clone, a new app).
 */
export function previousVersionOf(dir: string): string | null {
  const current = tryGit('rev-parse', `HEAD:${dir}`);
  if (!current) return null;
  const commits = (tryGit('rev-list', '--first-parent', 'HEAD', '--', dir) ?? '').split('\n').filter(Boolean);
  for (const commit of commits) {
    const tree = tryGit('rev-parse', `${commit}:${dir}`);
    if (tree && tree !== current) return commit;
  }
  return null;
}

/**
 * The previous landed version: the commit named in e2e/skew-baseline (the last one CI landed before the current
 * work; a session that starts from a newer landing moves it forward), when it is in this history and holds
 * another version of `dir`; otherwise the previous version of `dir` in the history.
 */
export function previousLandedVersionOf(dir: string): string | null {
  let baseline: string | null = null;
  try {
    baseline = readFileSync(path.join(repoRoot, 'e2e/skew-baseline'), 'utf8').trim();
  } catch {
    baseline = null;
  }
  if (baseline && tryGit('merge-base', '--is-ancestor', baseline, 'HEAD') !== null) {
    const then = tryGit('rev-parse', `${baseline}:${dir}`);
    if (then && then !== tryGit('rev-parse', `HEAD:${dir}`)) return baseline;
  }
  return previousVersionOf(dir);
}

/**
 * The whole tree as it was at `commit`, exported with `git archive` into `tree` (the working tree is not touched)
 * and installed from the package store with that commit's own lockfile. Also the server's N-1 test's release.
 */
export function installedTreeAt(commit: string, tree: string) {
  mkdirSync(tree, { recursive: true });
  const archive = spawnSync('sh', ['-c', `git archive ${commit} | tar -x -C "${tree}"`], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  if (archive.status !== 0) throw new Error(`git archive ${commit}: ${archive.stderr}`);
  const install = spawnSync('pnpm', ['install', '--frozen-lockfile', '--prefer-offline', '--ignore-scripts'], {
    cwd: tree,
    encoding: 'utf8',
    env: { ...process.env, CI: 'true' },
  });
  if (install.status !== 0) throw new Error(`install at ${commit}: ${install.stdout}\n${install.stderr}`);
}

export type PreviousBuild = { commit: string; outDir: (app: string) => string; cleanup: () => void };

/**
 * Builds apps as they were at `commit`, with that commit's own sources, lockfile and build tools: the tree is
 * exported with `git archive` into a temporary folder (the working tree is not touched), installed from the
 * package store, and each app built for production into its own output folder.
 */
export function buildAtCommit(commit: string, apps: string[]): PreviousBuild {
  const root = mkdtempSync(path.join(tmpdir(), `previous-${commit.slice(0, 8)}-`));
  const tree = path.join(root, 'tree');
  installedTreeAt(commit, tree);
  for (const app of apps) {
    const out = path.join(root, 'out', app);
    const build = spawnSync('pnpm', ['--silent', '--filter', `@app/${app}`, 'run', 'build'], {
      cwd: tree,
      encoding: 'utf8',
      env: { ...process.env, WEB_OUT: out, NODE_ENV: 'production' },
    });
    if (build.status !== 0 || !existsSync(out))
      throw new Error(`build of ${app} at ${commit}: ${build.stdout}\n${build.stderr}`);
  }
  return {
    commit,
    outDir: (app) => path.join(root, 'out', app),
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** Copies a built folder's files into `target`, leaving files already there untouched unless `overwrite` names them. */
export function copyBuild(from: string, target: string, overwrite: string[] = []) {
  mkdirSync(target, { recursive: true });
  for (const name of readdirSync(from)) {
    const dest = path.join(target, name);
    if (existsSync(dest) && !overwrite.includes(name)) continue;
    cpSync(path.join(from, name), dest, { recursive: true });
  }
}
