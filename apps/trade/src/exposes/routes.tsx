import '../i18n-namespace.ts';
import { page, pageRoutes } from '@app/app-kit';
import { NS } from '../i18n-namespace.ts';

/**
 * The trade remote's pages: the one place each is declared (see docs/front-end.md). The build reads this table
 * and the server hands it to the shell with the page's boot data, so a page added here ships with this remote
 * alone. Each page is its own chunk; the product page (?symbol=) has its own as well (trade-page.tsx).
 */
export const PAGES = [
  page({
    path: '/pages/user/order',
    load: () => import(/* webpackChunkName: "page-pages-user-order" */ '../routes/order-page.tsx'),
  }),
  page({
    path: '/pages/trade/trade',
    load: () => import(/* webpackChunkName: "page-pages-trade-trade" */ '../routes/trade-page.tsx'),
    // The frame shows the page's bar before the bundle: brand, Back, "Trade" or the ?symbol= of a product page.
    head: {
      kind: 'note',
      nav: 'brand',
      back: true,
      titleParam: 'symbol',
      texts: ['market.simulatedLong', '', 'trade.title'],
      simulatedOnly: true,
    },
  }),
  page({
    path: '/pages/trade/pnl',
    load: () => import(/* webpackChunkName: "page-pages-trade-pnl" */ '../routes/pnl-page.tsx'),
  }),
  page({
    path: '/pages/trade/terms',
    load: () => import(/* webpackChunkName: "page-pages-trade-terms" */ '../routes/terms-history-page.tsx'),
  }),
  page({
    path: '/pages/copy/leaders',
    load: () => import(/* webpackChunkName: "page-pages-copy-leaders" */ '../routes/leaders-page.tsx'),
  }),
  page({
    path: '/pages/copy/leader',
    load: () => import(/* webpackChunkName: "page-pages-copy-leader" */ '../routes/leader-page.tsx'),
  }),
  page({
    path: '/pages/copy/following',
    load: () => import(/* webpackChunkName: "page-pages-copy-following" */ '../routes/following-page.tsx'),
  }),
  page({
    path: '/pages/copy/lead',
    load: () => import(/* webpackChunkName: "page-pages-copy-lead" */ '../routes/lead-page.tsx'),
  }),
];

export default pageRoutes(PAGES, NS);
