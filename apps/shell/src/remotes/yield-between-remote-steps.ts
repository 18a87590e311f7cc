import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { yieldToMain } from '../boot/yield-to-main.ts';

/**
 * A remote's module arrives in steps the federation runtime chains through promises: its remoteEntry.js runs (and
 * answers its load event), its container is initialised with the share scope, the exposed module's chunks are
 * added, then the module's factory evaluates its modules. With the files already in the HTTP cache (the boot
 * script fetches them early) nothing in that chain waits, so on a slow phone it ran as one long task (Home's
 * banner: its remote entry, the container's set-up and the banner's modules, 68 ms at a 4x slowdown). A yield
 * before each step makes each its own task; the order and the result are the same.
 */
export function yieldBetweenRemoteSteps(yieldNow: () => Promise<void> = yieldToMain): ModuleFederationRuntimePlugin {
  return {
    name: 'yield-between-remote-steps',
    beforeInitRemote: () => yieldNow(),
    beforeGetExpose: () => yieldNow(),
    beforeExecuteFactory: () => yieldNow(),
  };
}
