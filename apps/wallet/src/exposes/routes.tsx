import '../i18n-namespace.ts';
import { page, pageRoutes } from '@app/app-kit';
import { NS } from '../i18n-namespace.ts';

/**
 * The wallet remote's pages: the one place each is declared (see docs/front-end.md). Each page is its own chunk;
 * adding a bank card is the bind page with another title.
 */
export const PAGES = [
  page({
    path: '/pages/user/wallet',
    load: () => import(/* webpackChunkName: "page-pages-user-wallet" */ '../routes/wallet-page.tsx'),
  }),
  page({
    path: '/pages/user/recharge',
    load: () => import(/* webpackChunkName: "page-pages-user-recharge" */ '../routes/recharge-page.tsx'),
  }),
  page({
    path: '/pages/user/rechargeList',
    load: () => import(/* webpackChunkName: "page-pages-user-rechargeList" */ '../routes/recharge-list-page.tsx'),
  }),
  page({
    path: '/pages/user/rechargerecord',
    load: () => import(/* webpackChunkName: "page-pages-user-rechargerecord" */ '../routes/recharge-record-page.tsx'),
  }),
  page({
    path: '/pages/user/cash',
    load: () => import(/* webpackChunkName: "page-pages-user-cash" */ '../routes/cash-page.tsx'),
  }),
  page({
    path: '/pages/user/cashrecord',
    load: () => import(/* webpackChunkName: "page-pages-user-cashrecord" */ '../routes/cash-record-page.tsx'),
  }),
  page({
    path: '/pages/user/finance',
    load: () => import(/* webpackChunkName: "page-pages-user-finance" */ '../routes/finance-page.tsx'),
  }),
  page({
    path: '/pages/payment/payment',
    load: () => import(/* webpackChunkName: "page-pages-payment-payment" */ '../routes/payment-page.tsx'),
  }),
  page({
    path: '/pages/payment/bindbank',
    load: () => import(/* webpackChunkName: "page-pages-payment-bindbank" */ '../routes/bind-bank-page.tsx'),
    props: { titleKey: 'titles.bindBank', custom: true },
  }),
  page({
    path: '/pages/payment/addBank',
    load: () => import(/* webpackChunkName: "page-pages-payment-bindbank" */ '../routes/bind-bank-page.tsx'),
    props: { titleKey: 'titles.addBank' },
  }),
  page({
    path: '/pages/payment/bindwallet',
    load: () => import(/* webpackChunkName: "page-pages-payment-bindwallet" */ '../routes/bind-wallet-page.tsx'),
  }),
];

export default pageRoutes(PAGES, NS);
