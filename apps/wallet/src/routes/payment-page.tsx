import { useTranslation } from 'react-i18next';
import { Cell, CellGroup, EmptyState, WalletIcon } from '@app/ui';
import { NS } from '../i18n-namespace.ts';
import { DefaultPage, LoadError, Loading } from '@app/app-kit';
import { useGetPaymentMethodsQuery } from '../features/payment-methods/api/payment-methods-api.ts';
import { MethodList } from '../features/payment-methods/components/method-list.tsx';
import { PayAccountForm } from '../features/payment-methods/components/pay-account-form.tsx';

/** Payment methods: what is bound (masked, locked), and how to add a card, an address, Alipay or WeChat. */
export default function PaymentPage() {
  const { t } = useTranslation(NS);
  const { data, error, isLoading, refetch } = useGetPaymentMethodsQuery();
  const has = (kind: string) => data?.items.some((m) => m.kind === kind);
  return (
    <DefaultPage title={t('titles.payment')}>
      {isLoading ? (
        <Loading />
      ) : !data ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : data.items.length === 0 ? (
        <EmptyState icon={<WalletIcon />} title={t('methods.none')} description={t('methods.noneBody')} compact />
      ) : (
        <MethodList items={data.items} />
      )}
      <CellGroup title={t('methods.add')}>
        <Cell title={t('titles.bindBank')} href="#/pages/payment/bindbank" arrow />
        <Cell title={t('titles.bindWallet')} href="#/pages/payment/bindwallet" arrow />
      </CellGroup>
      {data && !has('alipay') && <PayAccountForm kind="alipay" onDone={() => undefined} />}
      {data && !has('wechat') && <PayAccountForm kind="wechat" onDone={() => undefined} />}
    </DefaultPage>
  );
}
