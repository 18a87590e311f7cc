import '../i18n-namespace.ts';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Delayed, Spinner } from '@app/ui';
import { NS } from '../i18n-namespace.ts';

const WalletPage = lazy(() => import(/* webpackChunkName: "page-pages-user-wallet" */ '../routes/wallet-page.tsx'));
const RechargePage = lazy(
  () => import(/* webpackChunkName: "page-pages-user-recharge" */ '../routes/recharge-page.tsx'),
);
const RechargeListPage = lazy(
  () => import(/* webpackChunkName: "page-pages-user-rechargeList" */ '../routes/recharge-list-page.tsx'),
);
const RechargeRecordPage = lazy(
  () => import(/* webpackChunkName: "page-pages-user-rechargerecord" */ '../routes/recharge-record-page.tsx'),
);
const CashPage = lazy(() => import(/* webpackChunkName: "page-pages-user-cash" */ '../routes/cash-page.tsx'));
const CashRecordPage = lazy(
  () => import(/* webpackChunkName: "page-pages-user-cashrecord" */ '../routes/cash-record-page.tsx'),
);
const FinancePage = lazy(() => import(/* webpackChunkName: "page-pages-user-finance" */ '../routes/finance-page.tsx'));
const PaymentPage = lazy(
  () => import(/* webpackChunkName: "page-pages-payment-payment" */ '../routes/payment-page.tsx'),
);
const BindBankPage = lazy(
  () => import(/* webpackChunkName: "page-pages-payment-bindbank" */ '../routes/bind-bank-page.tsx'),
);
const BindWalletPage = lazy(
  () => import(/* webpackChunkName: "page-pages-payment-bindwallet" */ '../routes/bind-wallet-page.tsx'),
);

/** The wallet remote's pages under the shell's router (each page its own chunk). */
export default function WalletRoutes() {
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
        <Route path="/pages/user/wallet" element={<WalletPage />} />
        <Route path="/pages/user/recharge" element={<RechargePage />} />
        <Route path="/pages/user/rechargeList" element={<RechargeListPage />} />
        <Route path="/pages/user/rechargerecord" element={<RechargeRecordPage />} />
        <Route path="/pages/user/cash" element={<CashPage />} />
        <Route path="/pages/user/cashrecord" element={<CashRecordPage />} />
        <Route path="/pages/user/finance" element={<FinancePage />} />
        <Route path="/pages/payment/payment" element={<PaymentPage />} />
        <Route path="/pages/payment/bindbank" element={<BindBankPage titleKey="titles.bindBank" custom />} />
        <Route path="/pages/payment/addBank" element={<BindBankPage titleKey="titles.addBank" />} />
        <Route path="/pages/payment/bindwallet" element={<BindWalletPage />} />
      </Routes>
    </Suspense>
  );
}
