import { describe, expect, it } from 'vitest';
import { yieldBetweenRemoteSteps } from '../remotes/yield-between-remote-steps.ts';

type Hook = (...args: unknown[]) => Promise<unknown> | unknown;

describe('yieldBetweenRemoteSteps', () => {
  it('holds each step of loading a remote module until the browser has had its turn', async () => {
    const turns: Array<() => void> = [];
    const plugin = yieldBetweenRemoteSteps(() => new Promise<void>((resolve) => turns.push(resolve)));
    for (const name of ['beforeInitRemote', 'beforeGetExpose', 'beforeExecuteFactory'] as const) {
      const hook = plugin[name] as Hook;
      let passed = false;
      const step = Promise.resolve(hook({})).then(() => (passed = true));
      await Promise.resolve();
      await Promise.resolve();
      expect(passed, name).toBe(false);
      turns.shift()!();
      await step;
      expect(passed, name).toBe(true);
    }
  });

  it('answers nothing, so the runtime goes on with its own arguments', async () => {
    const plugin = yieldBetweenRemoteSteps(() => Promise.resolve());
    expect(await (plugin.beforeGetExpose as Hook)({ id: 'account/home-banner' })).toBeUndefined();
  });
});
