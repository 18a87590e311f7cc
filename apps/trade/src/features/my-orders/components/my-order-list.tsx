import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MyOrder } from '@app/contracts';
import { useFormatters } from '@app/i18n/client';
import { OrderIcon } from '@app/ui';
import { LinkButton } from '@app/ui/link-button';
import { PagedList } from '@app/app-kit';
import { NS } from '../../../i18n-namespace.ts';
import { SignedMoney } from '../../../lib/signed-money.tsx';
import { useTimeFormat } from '../../../lib/time-format.ts';
import { useGetMyOrderPagesInfiniteQuery } from '../api/my-orders-api.ts';
import { myOrderHref } from '../lib/my-order-link.ts';
import styles from './my-orders.module.css';

/** One line per thing done: an order and a plan may share an id. */
const myOrderKey = (o: MyOrder) => `${o.kind}:${o.id}`;

/** The Order tab's "my orders": everything I did, newest first, each opening its detail where one exists. */
export function MyOrderList({ tab }: { tab: string }) {
  const { t } = useTranslation(NS);
  const query = useGetMyOrderPagesInfiniteQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <PagedList
      query={query}
      getKey={myOrderKey}
      renderItem={(o) => <MyOrderRow item={o} tab={tab} />}
      testId="my-orders"
      empty={{
        icon: <OrderIcon />,
        title: t('myOrders.empty'),
        description: t('myOrders.emptyBody'),
        action: <LinkButton href="#/pages/trade/trade">{t('order.toTrade')}</LinkButton>,
      }}
    />
  );
}

function MyOrderRow({ item, tab }: { item: MyOrder; tab: string }) {
  const { t } = useTranslation(NS);
  const f = useFormatters();
  const time = useTimeFormat();
  const href = myOrderHref(item, tab);
  const body = (
    <>
      <span className={styles.main}>
        <span className={styles.title}>
          <span className={styles.kind}>{t(`myOrders.kind.${item.kind}`)}</span>
          {item.title}
        </span>
        <span className={styles.meta}>
          {t(`myOrders.action.${item.action}`, { defaultValue: item.action })} · {time.dateTimeSeconds(item.created_at)}
          {item.mode === 'practice' ? ` · ${t('myOrders.practice')}` : ''}
        </span>
      </span>
      <span className={styles.side}>
        <span className={styles.value}>{f.money(item.amount)}</span>
        {item.pnl !== null ? (
          <SignedMoney value={item.pnl} />
        ) : (
          <span className={styles.meta}>{t(`myOrders.status.${item.status}`, { defaultValue: item.status })}</span>
        )}
      </span>
    </>
  );
  return href ? (
    <Link className={styles.row} to={href} data-testid={`mine-${item.kind}-${item.id}`}>
      {body}
    </Link>
  ) : (
    <div className={styles.row} data-testid={`mine-${item.kind}-${item.id}`}>
      {body}
    </div>
  );
}
