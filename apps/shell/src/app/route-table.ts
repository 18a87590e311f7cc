import type { RemoteName } from '../remotes/remote-manifest.ts';

/**
 * Which remote owns which page of the spec's route table. The shell only picks the slot; the remote renders
 * the page (its own descendant routes) and its nav bar.
 */
export const REMOTE_ROUTES: Record<RemoteName, readonly string[]> = {
  account: [
    '/pages/login/login',
    '/pages/login/register',
    '/pages/login/forgetpwd',
    '/pages/public/agreement',
    '/pages/user/user',
    '/pages/user/info',
    '/pages/user/security',
    '/pages/user/setpassword',
    '/pages/user/setfundpassword',
    '/pages/user/language',
    '/pages/user/display',
    '/pages/user/message',
    '/pages/user/notice',
    '/pages/user/activityCenter',
    '/pages/user/auth',
    '/pages/user/invite',
    '/pages/user/poster',
    '/pages/news/news',
    '/pages/news/details',
    '/pages/activitycenter/activitycenter',
    '/pages/activitycenter/activitylist',
    '/pages/customer/customer',
    '/pages/download/download',
    '/choose-location',
    '/open-location',
  ],
  trade: ['/pages/user/order', '/pages/trade/trade'],
  invest: ['/pages/project/project', '/pages/project/details', '/pages/project/myproject'],
  wallet: [
    '/pages/user/cash',
    '/pages/user/cashrecord',
    '/pages/user/finance',
    '/pages/user/recharge',
    '/pages/user/rechargeList',
    '/pages/user/rechargerecord',
    '/pages/user/wallet',
    '/pages/payment/payment',
    '/pages/payment/bindbank',
    '/pages/payment/bindwallet',
    '/pages/payment/addBank',
  ],
};

export const HOME_PATHS = ['/', '/pages/index/index'] as const;

export type TabKey = 'home' | 'project' | 'order' | 'mine';

/** The bottom tab bar, in the spec's order; `paths` are the routes on which each tab is current. */
export const TABS: ReadonlyArray<{ key: TabKey; href: string; paths: readonly string[] }> = [
  { key: 'home', href: '#/', paths: HOME_PATHS },
  { key: 'project', href: '#/pages/project/project', paths: ['/pages/project/project'] },
  { key: 'order', href: '#/pages/user/order', paths: ['/pages/user/order'] },
  { key: 'mine', href: '#/pages/user/user', paths: ['/pages/user/user'] },
];

const normalise = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname).toLowerCase();

/** The tab whose page this is, or null: the tab bar shows only on the four tab pages. */
export function tabOf(pathname: string): TabKey | null {
  const path = normalise(pathname);
  return TABS.find((tab) => tab.paths.some((p) => p.toLowerCase() === path))?.key ?? null;
}
