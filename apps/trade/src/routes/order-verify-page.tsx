import { useTranslation } from 'react-i18next';
import { DefaultPage, LoadError, Loading } from '@app/app-kit';
import type { OrderDetail } from '@app/contracts';
import { NS } from '../i18n-namespace.ts';
import { useGetOrderQuery } from '../features/orders/api/orders-api.ts';
import { useOrderVerification } from '../features/order-proof/hooks/use-order-verification.ts';
import { OrderProofView } from '../features/order-proof/components/order-proof.tsx';

function Verification({ order }: { order: OrderDetail }) {
  const { proof, head, verification, error, retry } = useOrderVerification(order);
  if (error) return <LoadError error={error} onRetry={retry} />;
  if (!proof || !head || !verification) return <Loading lines={10} />;
  return <OrderProofView order={order} proof={proof} head={head} verification={verification} onRetry={retry} />;
}

/** /pages/user/order?tab=...&id=...&verify=1: the order checked in the browser against the transparency log. */
export function OrderVerifyPage({ id, tab }: { id: number; tab: string }) {
  const { t } = useTranslation(NS);
  const { data, error, isLoading, isError, refetch } = useGetOrderQuery(id, { refetchOnMountOrArgChange: true });
  return (
    <DefaultPage title={t('verify.navTitle')} backTo={`/pages/user/order?tab=${tab}&id=${id}`}>
      {isLoading ? (
        <Loading lines={10} />
      ) : isError || !data ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : (
        <Verification order={data} />
      )}
    </DefaultPage>
  );
}
