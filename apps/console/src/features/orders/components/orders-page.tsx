import { useTranslation } from 'react-i18next';
import type { AdminOrder } from '@app/contracts';
import { dayRange, useSharedFilters } from '../../../components/filter-bar.tsx';
import { useQueueState } from '../../../components/queue-state.ts';
import page from '../../../components/page.module.css';
import { QueueShell } from '../../../components/queue-shell.tsx';
import { DetailHeader } from '../../../components/detail-header.tsx';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/hooks.ts';
import { useOrdersQuery } from '../api/orders-api.ts';

/** Orders of every user: by user, product, status, mode and date range, newest first. */
export function OrdersPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const queue = useQueueState();
  const { filters, selectedId } = queue;
  const shared = useSharedFilters();
  const search = {
    user: filters.user,
    product: filters.product,
    status: filters.status as AdminOrder['status'] | undefined,
    mode: filters.mode as AdminOrder['mode'] | undefined,
    ...dayRange(filters),
  };
  const list = useOrdersQuery({ ...search, ...queue.paging });
  const items = list.data?.items ?? [];
  const selected = items.find((o) => o.id === selectedId) ?? null;

  return (
    <QueueShell
      title={t('orders.title')}
      queue={queue}
      exportUrl="/admin/orders/export"
      exportFilters={search}
      filterFields={[
        shared.user,
        { name: 'product', label: t('orders.product'), kind: 'text', placeholder: 'BTC/USDT' },
        {
          name: 'status',
          label: t('orders.status'),
          kind: 'select',
          options: [
            { value: '', label: t('filters.any') },
            { value: 'open', label: t('orders.open') },
            { value: 'settled', label: t('orders.settled') },
          ],
        },
        {
          name: 'mode',
          label: t('orders.mode'),
          kind: 'select',
          options: [
            { value: '', label: t('filters.any') },
            { value: 'real', label: t('orders.real') },
            { value: 'practice', label: t('orders.practice') },
          ],
        },
        ...shared.days,
      ]}
      list={list}
      listLabel={t('orders.title')}
      columns={[
        { key: 'id', header: t('orders.id'), cell: (o) => `#${o.id}` },
        { key: 'user', header: t('filters.user'), cell: (o) => o.account },
        { key: 'product', header: t('orders.product'), cell: (o) => `${o.symbol} · ${t(`orders.${o.direction}`)}` },
        { key: 'amount', header: t('orders.amount'), numeric: true, cell: (o) => formatMoney(o.amount, lang) },
        {
          key: 'status',
          header: t('orders.status'),
          cell: (o) => (o.result ? t(`orders.result.${o.result}`) : t(`orders.${o.status}`)),
        },
        { key: 'at', header: t('orders.placed'), cell: (o) => formatDateTime(o.created_at, lang, 'short') },
      ]}
      openLabel={(o) => t('orders.openOrder', { id: o.id })}
      rowTestId={(o) => `order-row-${o.id}`}
      empty={t('orders.empty')}
      detailLabel={t('orders.detailLabel')}
      placeholder={t('orders.pick')}
      detail={
        selected ? (
          <>
            <DetailHeader title={t('orders.detailTitle', { id: selected.id })} state={t(`orders.${selected.mode}`)} />
            <div className={page.detailBody}>
              <dl className={page.facts}>
                <dt>{t('filters.user')}</dt>
                <dd>
                  #{selected.user_id} · {selected.account}
                </dd>
                <dt>{t('orders.product')}</dt>
                <dd>
                  {selected.symbol} · {t(`orders.${selected.direction}`)} · {selected.seconds}s
                </dd>
                <dt>{t('orders.amount')}</dt>
                <dd>{formatMoney(selected.amount, lang)}</dd>
                <dt>{t('orders.fee')}</dt>
                <dd>{formatMoney(selected.fee, lang)}</dd>
                <dt>{t('orders.openPrice')}</dt>
                <dd className={page.mono}>{selected.open_price}</dd>
                <dt>{t('orders.settlePrice')}</dt>
                <dd className={page.mono}>{selected.settle_price ?? '—'}</dd>
                <dt>{t('orders.payout')}</dt>
                <dd>{selected.payout ? formatMoney(selected.payout, lang) : '—'}</dd>
                <dt>{t('orders.placed')}</dt>
                <dd>{formatDateTime(selected.created_at, lang)}</dd>
              </dl>
            </div>
          </>
        ) : null
      }
    />
  );
}
