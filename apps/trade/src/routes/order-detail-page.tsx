import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { NavBar, Page } from '@app/ui';
import { NS } from '../i18n-namespace.ts';
import { LoadError } from '../lib/load-error.tsx';
import { Loading } from '../lib/loading.tsx';
import { useGetOrderQuery } from '../features/orders/api/orders-api.ts';
import { OrderDetail } from '../features/orders/components/order-detail.tsx';

/** /pages/user/order?tab=...&id=...: one order; back returns to the list it came from. */
export function OrderDetailPage({ id, tab }: { id: number; tab: string }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const { data, error, isLoading, isError, refetch } = useGetOrderQuery(id, { refetchOnMountOrArgChange: true });
  const waiting = data?.status === 'open';
  // While the order runs, re-read it now and then; the detail's countdown shows when it is due.
  useGetOrderQuery(id, { skip: !waiting, pollingInterval: waiting ? 2000 : 0 });
  const back = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(`/pages/user/order?tab=${tab}`, { replace: true });
  };
  return (
    <Page nav={<NavBar title={t('detail.navTitle')} onBack={back} backLabel={t('actions.back', { ns: 'common' })} />}>
      {isLoading ? <Loading lines={8} /> : isError || !data ? <LoadError error={error} onRetry={() => void refetch()} /> : <OrderDetail order={data} />}
    </Page>
  );
}
