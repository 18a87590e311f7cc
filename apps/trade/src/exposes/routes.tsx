import '../i18n-namespace.ts';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Delayed, Spinner } from '@app/ui';
import { NS } from '../i18n-namespace.ts';

const OrderPage = lazy(() => import(/* webpackChunkName: "page-pages-user-order" */ '../routes/order-page.tsx'));
const PnlPage = lazy(() => import(/* webpackChunkName: "page-pages-trade-pnl" */ '../routes/pnl-page.tsx'));
const TradePage = lazy(() => import(/* webpackChunkName: "page-pages-trade-trade" */ '../routes/trade-page.tsx'));
const LeadersPage = lazy(() => import(/* webpackChunkName: "page-pages-copy-leaders" */ '../routes/leaders-page.tsx'));
const LeaderPage = lazy(() => import(/* webpackChunkName: "page-pages-copy-leader" */ '../routes/leader-page.tsx'));
const FollowingPage = lazy(
  () => import(/* webpackChunkName: "page-pages-copy-following" */ '../routes/following-page.tsx'),
);
const LeadPage = lazy(() => import(/* webpackChunkName: "page-pages-copy-lead" */ '../routes/lead-page.tsx'));

/** The trade remote's pages under the shell's router. */
export default function TradeRoutes() {
  const { t } = useTranslation(NS);
  return (
    <Suspense
      fallback={
        <Delayed>
          <Spinner label={t('states.loading', { ns: 'common' })} />
        </Delayed>
      }
    >
      <Routes>
        <Route path="/pages/user/order" element={<OrderPage />} />
        <Route path="/pages/trade/trade" element={<TradePage />} />
        <Route path="/pages/trade/pnl" element={<PnlPage />} />
        <Route path="/pages/copy/leaders" element={<LeadersPage />} />
        <Route path="/pages/copy/leader" element={<LeaderPage />} />
        <Route path="/pages/copy/following" element={<FollowingPage />} />
        <Route path="/pages/copy/lead" element={<LeadPage />} />
      </Routes>
    </Suspense>
  );
}
