import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { repoRoot } from './web-paths.mjs';

/**
 * The command that builds an app: its own build script in the workspace, or, for a copy of the app elsewhere (a
 * release from another worktree, a test's variant), that copy's rspack as its own dependencies resolve it.
 * @param {string} name
 * @param {string} [appDir]
 * @returns {{ command: string, args: string[], cwd: string }}
 */
export function buildCommand(name, appDir) {
  if (!appDir)
    return { command: 'pnpm', args: ['--silent', '--filter', `@app/${name}`, 'run', 'build'], cwd: repoRoot };
  const cli = createRequire(path.join(appDir, 'package.json')).resolve('@rspack/cli/package.json');
  return {
    command: process.execPath,
    args: [path.join(path.dirname(cli), 'bin/rspack.js'), 'build', '--mode', 'production'],
    cwd: appDir,
  };
}

/**
 * Production build of one app into outDir (rspack reads WEB_OUT).
 * @param {string} name
 * @param {string} outDir
 * @param {{ appDir?: string }} [options] build this copy of the app instead of apps/<name>
 * @returns {Promise<void>}
 */
export function buildApp(name, outDir, { appDir } = {}) {
  const { command, args, cwd } = buildCommand(name, appDir);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, WEB_OUT: outDir, NODE_ENV: 'production' },
      stdio: 'inherit',
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`build of ${name} failed (exit ${code})`))));
  });
}
