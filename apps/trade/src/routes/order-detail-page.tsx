import { useTranslation } from 'react-i18next';
import { DefaultPage, LoadError, Loading } from '@app/app-kit';
import { NS } from '../i18n-namespace.ts';
import { useGetOrderQuery } from '../features/orders/api/orders-api.ts';
import { OrderDetail } from '../features/orders/components/order-detail.tsx';

/** /pages/user/order?tab=...&id=...: one order; back returns to the list it came from. */
export function OrderDetailPage({ id, tab }: { id: number; tab: string }) {
  const { t } = useTranslation(NS);
  const { data, error, isLoading, isError, refetch } = useGetOrderQuery(id, { refetchOnMountOrArgChange: true });
  const waiting = data?.status === 'open';
  // While the order runs, re-read it now and then; the detail's countdown shows when it is due.
  useGetOrderQuery(id, { skip: !waiting, pollingInterval: waiting ? 2000 : 0 });
  return (
    <DefaultPage title={t('detail.navTitle')} backTo={`/pages/user/order?tab=${tab}`}>
      {isLoading ? (
        <Loading lines={8} />
      ) : isError || !data ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : (
        <OrderDetail order={data} verifyHref={`#/pages/user/order?tab=${tab}&id=${id}&verify=1`} />
      )}
    </DefaultPage>
  );
}
