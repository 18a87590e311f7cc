import { describe, expect, it, vi } from 'vitest';
import { bootRemotePages, fetchRemotePages } from '../remotes/remote-pages.ts';

describe('bootRemotePages', () => {
  it("lists each live remote's declared paths from the boot data", () => {
    const boot = {
      remotes: {
        trade: { entry: '/h5/remotes/trade/v1/remoteEntry.js', routes: { '/pages/trade/trade': 'page-x', '/a': '' } },
        invest: { entry: '/h5/remotes/invest/v1/remoteEntry.js' },
      },
    };
    expect(bootRemotePages(boot)).toEqual({ trade: ['/pages/trade/trade', '/a'] });
  });

  it('is null without boot data (a development server)', () => {
    expect(bootRemotePages(undefined)).toBeNull();
    expect(bootRemotePages(null)).toBeNull();
  });
});

describe('fetchRemotePages', () => {
  it("reads the development server's table, keeping only lists of absolute paths", async () => {
    const fetchFn = vi.fn(async () => Response.json({ trade: ['/pages/trade/trade'], bad: ['relative'], odd: 3 }));
    expect(await fetchRemotePages(fetchFn as unknown as typeof fetch)).toEqual({ trade: ['/pages/trade/trade'] });
  });

  it('gives no pages when the table cannot be read', async () => {
    const fetchFn = vi.fn(async () => new Response('nope', { status: 404 }));
    expect(await fetchRemotePages(fetchFn as unknown as typeof fetch)).toEqual({});
    expect(await fetchRemotePages((async () => Promise.reject(new Error('offline'))) as typeof fetch)).toEqual({});
  });
});
