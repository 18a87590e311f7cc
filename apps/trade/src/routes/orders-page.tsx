import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { selectIsLoggedIn, useAppDispatch, useAppSelector } from '@app/api-client';
import { EmptyState, OrderIcon, Tabs } from '@app/ui';
import { LinkButton } from '@app/ui/link-button';
import { DefaultPage, RemoteModule } from '@app/app-kit';
import { NS } from '../i18n-namespace.ts';
import { loginPath } from '../lib/login-path.ts';
import { useSelectedTabVisible } from '../lib/use-selected-tab-visible.ts';
import {
  ORDER_TABS,
  orderTabChosen,
  selectOrderTab,
  type OrderTab,
} from '../features/order-tabs/lib/order-tabs-slice.ts';
import { HoldingList, PagedOrderList } from '../features/orders/components/order-lists.tsx';
import { OrderDetailPage } from './order-detail-page.tsx';
import { OrderVerifyPage } from './order-verify-page.tsx';
import { ModeBar } from '../features/practice/components/mode-bar.tsx';
import { MyOrderList } from '../features/my-orders/components/my-order-list.tsx';
import { CopyOrderList } from '../features/copy/components/copy-order-list.tsx';

/** The invest remote's "project orders" list, composed at run time (remotes never import each other). */
const PROJECT_ORDERS_WIDGET = 'invest/project-orders';

const isTab = (value: string | null): value is OrderTab => (ORDER_TABS as readonly string[]).includes(value ?? '');

/**
 * The Order tab: the spec's six lists. Project orders are the invest remote's widget, loaded at run time;
 * contract, holding and history list contract orders; my orders lists everything across kinds; follow-trade
 * lists copies of the leaders followed, skipped ones with their reason. ?id= opens one order's detail.
 */
export function OrdersPage() {
  const { t } = useTranslation(NS);
  const [params, setParams] = useSearchParams();
  const dispatch = useAppDispatch();
  const stored = useAppSelector(selectOrderTab);
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const requested = params.get('tab');
  const tab: OrderTab = isTab(requested) ? requested : stored;
  const id = Number(params.get('id'));
  const detail = Number.isInteger(id) && id > 0;
  useSelectedTabVisible(detail ? '' : `orders-tab-${tab}`);
  if (detail && params.get('verify') === '1') return <OrderVerifyPage id={id} tab={tab} />;
  if (detail) return <OrderDetailPage id={id} tab={tab} />;

  const choose = (key: string) => {
    dispatch(orderTabChosen(key as OrderTab));
    setParams({ tab: key }, { replace: true });
  };

  return (
    <DefaultPage title={t('order.title')} tab>
      <Tabs
        idPrefix="orders"
        label={t('order.tabsLabel')}
        items={ORDER_TABS.map((key) => ({ key, label: t(`order.tabs.${key}`) }))}
        value={tab}
        onChange={choose}
      />
      <div id="orders-panel" role="tabpanel" aria-labelledby={`orders-tab-${tab}`}>
        {/* Practice orders are listed apart: the contract lists show the mode chosen here. */}
        {loggedIn && (tab === 'holding' || tab === 'history' || tab === 'contract') && <ModeBar />}
        {!loggedIn ? (
          <EmptyState
            icon={<OrderIcon />}
            title={t('orders.loggedOut')}
            action={<LinkButton href={`#${loginPath(`/pages/user/order?tab=${tab}`)}`}>{t('orders.login')}</LinkButton>}
          />
        ) : tab === 'project' ? (
          <RemoteModule id={PROJECT_ORDERS_WIDGET} variant="widget" />
        ) : tab === 'holding' ? (
          <HoldingList tab={tab} />
        ) : tab === 'history' ? (
          <PagedOrderList key="history" status="settled" tab={tab} />
        ) : tab === 'contract' ? (
          <PagedOrderList key="all" tab={tab} />
        ) : tab === 'mine' ? (
          <MyOrderList tab={tab} />
        ) : (
          <CopyOrderList tab={tab} />
        )}
      </div>
    </DefaultPage>
  );
}
