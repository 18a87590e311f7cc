import { describe, expect, it } from 'vitest';
import { isOpenPath } from '../app/open-paths.ts';
import { ownerOf, REMOTE_ROUTES, tabOf } from '../app/route-table.ts';

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
  it('gives every path of the table to its remote, and Home its two', () => {
    for (const [remote, paths] of Object.entries(REMOTE_ROUTES))
      for (const path of paths) expect(ownerOf(path)).toEqual({ kind: 'remote', remote });
    expect(ownerOf('/')).toEqual({ kind: 'home' });
    expect(ownerOf('/pages/index/index')).toEqual({ kind: 'home' });
  });

  it('matches as the router does: without case and with a trailing slash', () => {
    expect(ownerOf('/pages/Trade/trade/')).toEqual({ kind: 'remote', remote: 'trade' });
    expect(ownerOf('/pages/user/user//')).toEqual({ kind: 'remote', remote: 'account' });
  });

  it('owns nothing else: the app shows not found', () => {
    expect(ownerOf('/pages/trade')).toBeNull();
    expect(ownerOf('/pages/trade/trade/extra')).toBeNull();
    expect(ownerOf('/nope')).toBeNull();
  });
});
