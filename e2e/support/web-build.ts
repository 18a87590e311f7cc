import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot, webCli } from './paths.ts';

/**
 * A fingerprint of everything the web and the console are built from: the tracked files' blobs, the uncommitted
 * changes to them and the untracked files, under apps/ (but the server), packages/, tools/ and the lockfile. Equal
 * fingerprints mean an earlier build is this code's build, so `pnpm test` and `pnpm test:long` build it once.
 */
function sourcesFingerprint(): string {
  const where = ['--', 'apps', 'packages', 'tools', 'pnpm-lock.yaml', ':!apps/server'];
  const git = (...args: string[]) => {
    const run = spawnSync('git', args, { cwd: repoRoot, maxBuffer: 256 * 1024 * 1024 });
    if (run.status !== 0) throw new Error(`git ${args.join(' ')}: ${run.stderr.toString()}`);
    return run.stdout;
  };
  const hash = createHash('sha256')
    .update(git('ls-files', '-s', ...where))
    .update(git('diff', 'HEAD', ...where));
  const untracked = git('ls-files', '--others', '--exclude-standard', '-z', ...where)
    .toString()
    .split('\0')
    .filter(Boolean);
  for (const file of untracked) hash.update(file).update(readFileSync(path.join(repoRoot, file)));
  return hash.digest('hex');
}

/**
 * Runs `build` unless `stampFile` holds this code's fingerprint (or, with E2E_KEEP_WEB, unless `builtFile` shows any
 * build is there), then records the fingerprint.
 */
function builtOnce(stampFile: string, builtFile: string, build: () => void, fingerprint: string) {
  if (process.env.E2E_KEEP_WEB && existsSync(builtFile)) return;
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === fingerprint) return;
  build();
  writeFileSync(stampFile, fingerprint);
}

/**
 * The web into `webDir` (the run's own copy, which the deploy specs change) and the operator console into
 * apps/console/dist, each built afresh unless its last build was of this very code; E2E_KEEP_WEB=1 keeps whatever
 * is there.
 */
export function buildWebOnce(webDir: string) {
  const fingerprint = sourcesFingerprint();
  builtOnce(
    path.join(webDir, '.e2e-sources'),
    path.join(webDir, 'remotes.json'),
    () => {
      // A copy the deploy specs changed, or built from other code, is replaced whole.
      rmSync(webDir, { recursive: true, force: true });
      const built = spawnSync(process.execPath, [webCli, 'ensure'], {
        cwd: repoRoot,
        env: { ...process.env, WEB_DIR: webDir },
        stdio: 'inherit',
      });
      if (built.status !== 0) throw new Error('building the web failed');
    },
    fingerprint,
  );
  const consoleDist = path.join(repoRoot, 'apps/console/dist');
  builtOnce(
    path.join(consoleDist, '.e2e-sources'),
    path.join(consoleDist, 'index.html'),
    () => {
      const built = spawnSync('pnpm', ['--silent', '--filter', '@app/console', 'build'], {
        cwd: repoRoot,
        stdio: 'inherit',
      });
      if (built.status !== 0) throw new Error('building the operator console failed');
    },
    fingerprint,
  );
}

/**
 * Called by a spec before it deploys, releases or rolls back in the run's web copy: that copy is no longer the
 * plain build of the code, so the next run builds it afresh.
 */
export function webWillChange(webDir: string) {
  rmSync(path.join(webDir, '.e2e-sources'), { force: true });
}
