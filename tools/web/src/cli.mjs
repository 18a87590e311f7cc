#!/usr/bin/env node
import { deployRemote, remoteIsLive, rollbackRemote } from './remotes.mjs';
import { deployShell, shellIsLive } from './shell.mjs';
import { REMOTES, webDir } from './web-paths.mjs';

const usage = `usage: cli.mjs <command>
  build                  build and publish the shell and every remote
  deploy-remote <name>   publish a new version of one remote (${REMOTES.join(', ')})
  rollback-remote <name> switch one remote back to its previous version
  deploy-shell           replace only the shell
  ensure                 build whatever is missing`;

async function main([command, name]) {
  console.log(`web dir: ${webDir()}`);
  switch (command) {
    case 'build':
      await deployShell();
      for (const remote of REMOTES) await deployRemote(remote);
      return;
    case 'deploy-remote':
      if (!name) throw new Error(usage);
      await deployRemote(name);
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
