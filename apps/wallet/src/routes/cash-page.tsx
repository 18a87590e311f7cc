import { useTranslation } from 'react-i18next';
import { Cell, CellGroup } from '@app/ui';
import { NS } from '../i18n-namespace.ts';
import { DefaultPage, LoadError, Loading } from '@app/app-kit';
import { useGetCashInfoQuery } from '../features/withdraw/api/withdraw-api.ts';
import { CashRules, WithdrawForm } from '../features/withdraw/components/withdraw-form.tsx';

/** Withdraw: today's rules, a bound destination, amount, fee and what arrives, then the fund password. */
export default function CashPage() {
  const { t } = useTranslation(NS);
  const { data, error, isLoading, refetch } = useGetCashInfoQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <DefaultPage title={t('titles.cash')} custom>
      {isLoading ? (
        <Loading />
      ) : !data ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : (
        <>
          <CashRules info={data} />
          <WithdrawForm info={data} />
        </>
      )}
      <CellGroup>
        <Cell title={t('titles.cashRecord')} href="#/pages/user/cashrecord" arrow />
        <Cell title={t('titles.payment')} href="#/pages/payment/payment" arrow />
      </CellGroup>
    </DefaultPage>
  );
}
