import '../i18n-namespace.ts';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Delayed, Spinner } from '@app/ui';
import { NS } from '../i18n-namespace.ts';
import { UnavailablePage } from '../routes/unavailable-page.tsx';

const WalletPage = lazy(() => import('../routes/wallet-page.tsx'));

/** Wallet pages of the spec still to be built, their titles, and whether the spec gives them the custom bar. */
const UNAVAILABLE: Array<[path: string, titleKey: string, custom: boolean]> = [
  ['/pages/user/cash', 'titles.cash', true],
  ['/pages/user/cashrecord', 'titles.cashRecord', false],
  ['/pages/user/finance', 'titles.finance', true],
  ['/pages/user/recharge', 'titles.recharge', false],
  ['/pages/user/rechargeList', 'titles.rechargeList', false],
  ['/pages/user/rechargerecord', 'titles.rechargeRecord', false],
  ['/pages/payment/payment', 'titles.payment', false],
  ['/pages/payment/bindbank', 'titles.bindBank', true],
  ['/pages/payment/bindwallet', 'titles.bindWallet', true],
  ['/pages/payment/addBank', 'titles.addBank', false],
];

/** The wallet remote's pages under the shell's router. */
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
        {UNAVAILABLE.map(([path, titleKey, custom]) => (
          <Route key={path} path={path} element={<UnavailablePage titleKey={titleKey} custom={custom} />} />
        ))}
      </Routes>
    </Suspense>
  );
}
