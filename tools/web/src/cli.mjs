#!/usr/bin/env node
import path from 'node:path';
import { parseArgs } from 'node:util';
import { deployRemote, remoteIsLive, rollbackRemote } from './remotes.mjs';
import { deployShell, shellIsLive } from './shell.mjs';
import { REMOTES, webDir } from './web-paths.mjs';

const usage = `usage: cli.mjs <command>
  build                  build and publish the shell and every remote
  deploy-remote <name> [--from <dir>]
                         publish a new version of one remote (${REMOTES.join(', ')}), built from
                         apps/<name> or from the copy of it in <dir> (another worktree's)
  rollback-remote <name> switch one remote back to its previous version
  deploy-shell           replace only the shell
  ensure                 build whatever is missing`;

/** @param {string[]} argv */
async function main(argv) {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { from: { type: 'string' } },
  });
  const [command, name] = positionals;
  console.log(`web dir: ${webDir()}`);
  switch (command) {
    case 'build':
      await deployShell();
      for (const remote of REMOTES) await deployRemote(remote);
      return;
    case 'deploy-remote':
      if (!name) throw new Error(usage);
      await deployRemote(name, values.from ? { appDir: path.resolve(values.from) } : {});
      return;
    case 'rollback-remote':
      if (!name) throw new Error(usage);
      await rollbackRemote(name);
      return;
    case 'deploy-shell':
      await deployShell();
      return;
    case 'ensure': {
      if (!shellIsLive()) await deployShell();
      for (const remote of REMOTES) if (!(await remoteIsLive(remote))) await deployRemote(remote);
      console.log('web: everything is built');
      return;
    }
    default:
      throw new Error(usage);
  }
}

main(process.argv.slice(2)).catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
