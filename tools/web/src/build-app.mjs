import { spawn } from 'node:child_process';
import { repoRoot } from './web-paths.mjs';

/** Production build of one app into outDir (rspack reads WEB_OUT), through the app's own build script. */
export function buildApp(name, outDir) {
  return new Promise((resolve, reject) => {
    const child = spawn('pnpm', ['--silent', '--filter', `@app/${name}`, 'run', 'build'], {
      cwd: repoRoot,
      env: { ...process.env, WEB_OUT: outDir, NODE_ENV: 'production' },
      stdio: 'inherit',
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`build of ${name} failed (exit ${code})`))));
  });
}
