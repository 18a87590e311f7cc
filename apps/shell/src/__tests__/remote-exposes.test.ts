import { describe, expect, it } from 'vitest';
import { remoteExposes } from '../remotes/remote-manifest.ts';

const boot = {
  remotes: {
    account: { entry: '/h5/remotes/account/v1/remoteEntry.js', exposes: { routes: [], 'home-notices': [] } },
    trade: { entry: '/h5/remotes/trade/v1/remoteEntry.js' },
  },
};

describe('whether the live version of a remote exposes a widget', () => {
  it('answers from the boot data', () => {
    expect(remoteExposes('account', 'home-notices', boot)).toBe(true);
    // An account remote released before the banner widget existed.
    expect(remoteExposes('account', 'home-banner', boot)).toBe(false);
  });

  it('assumes it does when nothing is known (no boot data, or none about that remote)', () => {
    expect(remoteExposes('account', 'home-banner', undefined)).toBe(true);
    expect(remoteExposes('trade', 'quotes-strip', boot)).toBe(true);
    expect(remoteExposes('invest', 'popular-projects', boot)).toBe(true);
  });
});
