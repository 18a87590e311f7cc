import { beforeAll, describe, expect, it } from 'vitest';
import { isOpenPath } from '../app/open-paths.ts';
import { learnRemotePages, ownerOf, REMOTE_ROUTES, tabOf } from '../app/route-table.ts';
import { bootRemotePages } from '../remotes/remote-pages.ts';

/** Boot data as the server writes it: each live remote with the pages it declares (path -> page chunk). */
const BOOT = {
  remotes: {
    trade: { routes: { '/pages/trade/trade': 'page-pages-trade-trade', '/pages/user/order': 'page-pages-user-order' } },
    account: { routes: { '/pages/user/user': 'page-pages-user-user', '/open-location': '' } },
    wallet: { routes: { '/pages/user/rechargeList': 'page-pages-user-rechargeList' } },
  },
};

describe('isOpenPath (the spec address words)', () => {
  it.each([
    '/',
    '/pages/index/index',
    '/pages/login/login',
    '/pages/login/register',
    '/pages/login/forgetpwd',
    '/pages/public/agreement',
    '/pages/customer/customer',
    '/pages/download/download',
  ])('%s is open', (path) => expect(isOpenPath(path)).toBe(true));

  it.each(['/pages/user/user', '/pages/user/order', '/pages/project/project', '/pages/user/cash', '/pages/news/news'])(
    '%s needs a session',
    (path) => expect(isOpenPath(path)).toBe(false),
  );
});

describe('tabOf', () => {
  it('knows the four tab pages and nothing else', () => {
    expect(tabOf('/')).toBe('home');
    expect(tabOf('/pages/index/index')).toBe('home');
    expect(tabOf('/pages/project/project')).toBe('project');
    expect(tabOf('/pages/user/order')).toBe('order');
    expect(tabOf('/pages/user/user')).toBe('mine');
    expect(tabOf('/pages/user/security')).toBeNull();
  });
});

describe('ownerOf', () => {
  beforeAll(() => learnRemotePages(bootRemotePages(BOOT)!));

  it('gives every page a remote declares to it, and Home its two', () => {
    expect(Object.keys(REMOTE_ROUTES).sort()).toEqual(['account', 'trade', 'wallet']);
    for (const [remote, paths] of Object.entries(REMOTE_ROUTES))
      for (const path of paths) expect(ownerOf(path)).toEqual({ kind: 'remote', remote });
    expect(ownerOf('/pages/user/rechargelist')).toEqual({ kind: 'remote', remote: 'wallet' });
    expect(ownerOf('/')).toEqual({ kind: 'home' });
    expect(ownerOf('/pages/index/index')).toEqual({ kind: 'home' });
  });

  it('matches as the router does: without case and with a trailing slash', () => {
    expect(ownerOf('/pages/Trade/trade/')).toEqual({ kind: 'remote', remote: 'trade' });
    expect(ownerOf('/pages/user/user//')).toEqual({ kind: 'remote', remote: 'account' });
  });

  it('owns nothing else: the app shows not found', () => {
    expect(ownerOf('/pages/project/project')).toBeNull();
    expect(ownerOf('/pages/trade')).toBeNull();
    expect(ownerOf('/pages/trade/trade/extra')).toBeNull();
    expect(ownerOf('/nope')).toBeNull();
  });
});

describe('learnRemotePages', () => {
  it('takes a page a remote adds without anything of the shell changing, and forgets a remote no longer live', () => {
    learnRemotePages({ ...bootRemotePages(BOOT), invest: ['/pages/project/project', '/pages/project/new-page'] });
    expect(ownerOf('/pages/project/new-page')).toEqual({ kind: 'remote', remote: 'invest' });
    learnRemotePages({ invest: ['/pages/project/project'] });
    expect(ownerOf('/pages/project/new-page')).toBeNull();
    expect(ownerOf('/pages/trade/trade')).toBeNull();
    expect(REMOTE_ROUTES).toEqual({ invest: ['/pages/project/project'] });
  });

  it('never lets a remote take Home', () => {
    learnRemotePages({ account: ['/', '/pages/index/index'] });
    expect(ownerOf('/')).toEqual({ kind: 'home' });
  });
});
