import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Cell, CellGroup, EmptyState, WalletIcon } from '@app/ui';
import { NS } from '../i18n-namespace.ts';
import { DefaultPage, LoadError, Loading } from '@app/app-kit';
import { useGetPaymentMethodsQuery } from '../features/payment-methods/api/payment-methods-api.ts';
import { useGetCashInfoQuery } from '../features/withdraw/api/withdraw-api.ts';
import { useAnnounceAdded } from '../features/payment-methods/hooks/use-announce-added.ts';
import { MethodList } from '../features/payment-methods/components/method-list.tsx';
import { PayAccountForm } from '../features/payment-methods/components/pay-account-form.tsx';

/** Payment methods: what is bound (masked, locked), and how to add a card, an address, Alipay or WeChat. */
export default function PaymentPage() {
  const { t } = useTranslation(NS);
  const { data, error, isLoading, refetch } = useGetPaymentMethodsQuery();
  const announce = useAnnounceAdded();
  const has = (kind: string) => data?.items.some((m) => m.kind === kind);
  // ?edit=<id>: the one change customer service allowed of an Alipay or WeChat account.
  const editId = Number(useSearchParams()[0].get('edit'));
  const editing = data?.items.find((m) => m.id === editId && !m.locked && (m.kind === 'alipay' || m.kind === 'wechat'));
  // The withdrawal rules only say how long a new destination waits: asked for only when a form is shown.
  const showsForm = !!data && (!!editing || !has('alipay') || !has('wechat'));
  const { data: rules } = useGetCashInfoQuery(undefined, { skip: !showsForm });
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
      {editing && (
        <PayAccountForm
          holdHours={rules?.hold_hours}
          key={editing.id}
          kind={editing.kind as 'alipay' | 'wechat'}
          editing={editing}
          onDone={announce}
        />
      )}
      {data && !has('alipay') && <PayAccountForm kind="alipay" holdHours={rules?.hold_hours} onDone={announce} />}
      {data && !has('wechat') && <PayAccountForm kind="wechat" holdHours={rules?.hold_hours} onDone={announce} />}
    </DefaultPage>
  );
}
