// `pnpm ops` and `pnpm ledger:verify`: the built CLI (dist/<name>.js) when dist/ is up to date with the sources, as
// on a node installed with `--prod` (no tsx there); otherwise the sources under tsx, as while developing.
//   node scripts/cli.mjs ops|ledger-verify [arguments...]
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { distDir, staleReason } from './build.mjs';

const SOURCES = { ops: 'src/cli/ops.ts', 'ledger-verify': 'src/cli/ledger-verify.ts' };
const [name, ...args] = process.argv.slice(2);
if (!(name in SOURCES)) {
  console.error(`usage: node scripts/cli.mjs ${Object.keys(SOURCES).join('|')} [arguments...]`);
  process.exit(2);
}

if (!(await staleReason())) {
  // The CLI reads its arguments from process.argv: it sees them as if run as `node dist/<name>.js ...`.
  process.argv = [process.argv[0], path.join(distDir, `${name}.js`), ...args];
  await import(pathToFileURL(process.argv[1]).href);
} else {
  const serverRoot = path.resolve(distDir, '..');
  const run = spawnSync(process.execPath, ['--import', 'tsx', SOURCES[name], ...args], {
    cwd: serverRoot,
    stdio: 'inherit',
  });
  process.exit(run.status ?? 1);
}
