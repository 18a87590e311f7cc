import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ArrowDownIcon, ArrowUpIcon, Cell, CellGroup, OrderIcon, WalletIcon } from '@app/ui';
import { NS } from '../i18n-namespace.ts';
import { DefaultPage, LoadError, Loading } from '@app/app-kit';
import { useGetAssetsQuery } from '../features/exchange/api/exchange-api.ts';
import { AssetsCard } from '../features/exchange/components/assets-card.tsx';
import { ExchangePanel } from '../features/exchange/components/exchange-panel.tsx';
import { ExchangeHistory } from '../features/exchange/components/exchange-history.tsx';

/** Assets wallet: cash and coins valued in U, and the entry points; `?view=exchange` is the exchange screen. */
export default function WalletPage() {
  const { t } = useTranslation(NS);
  const [params] = useSearchParams();
  const exchange = params.get('view') === 'exchange';
  const { data, error, isLoading, refetch } = useGetAssetsQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <DefaultPage title={exchange ? t('exchange.title') : t('titles.wallet')}>
      <AssetsCard assets={data} />
      {isLoading ? <Loading lines={2} /> : !data && <LoadError error={error} onRetry={() => void refetch()} />}
      {exchange ? (
        data && (
          <>
            <ExchangePanel assets={data} />
            <h2 className="visually-hidden">{t('exchange.history')}</h2>
            <ExchangeHistory />
          </>
        )
      ) : (
        <CellGroup>
          <Cell
            title={t('titles.recharge')}
            href="#/pages/user/rechargeList"
            icon={<ArrowDownIcon size={22} />}
            arrow
          />
          <Cell title={t('titles.cash')} href="#/pages/user/cash" icon={<ArrowUpIcon size={22} />} arrow />
          <Cell
            title={t('exchange.title')}
            href="#/pages/user/wallet?view=exchange"
            icon={<WalletIcon size={22} />}
            arrow
          />
          <Cell title={t('titles.finance')} href="#/pages/user/finance" icon={<OrderIcon size={22} />} arrow />
          <Cell title={t('titles.rechargeRecord')} href="#/pages/user/rechargerecord" arrow />
          <Cell title={t('titles.cashRecord')} href="#/pages/user/cashrecord" arrow />
          <Cell title={t('titles.payment')} href="#/pages/payment/payment" arrow />
        </CellGroup>
      )}
    </DefaultPage>
  );
}
