import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { productNameIn, type Order } from '@app/contracts';
import { formatDuration, useFormatters } from '@app/i18n/client';
import { Badge } from '@app/ui';
import { LinkButton } from '@app/ui/link-button';
import { NS } from '../../../i18n-namespace.ts';
import { precisionOf } from '../../../lib/decimal.ts';
import { DirectionLabel } from '../../../lib/direction-label.tsx';
import { usePeriodLabel } from '../../../lib/period.ts';
import { SimulatedNote } from '../../../lib/simulated-note.tsx';
import { PracticeBadge } from '../../../lib/mode-switch.tsx';
import { useTimeFormat } from '../../../lib/time-format.ts';
import { useSecondsLeft } from '../hooks/use-clock.ts';
import { PnlText, ResultLabel } from './result-text.tsx';
import styles from './orders.module.css';

/** Where the chart shows an order's open second (1-minute candles around it). */
export function chartHref(order: Order): string {
  return `#/pages/trade/trade?symbol=${encodeURIComponent(order.symbol)}&at=${order.open_time}&interval=1m`;
}

/**
 * Everything about one order, as the server recorded it: both prices with the seconds they were recorded at,
 * so anyone can check the result against the price series (the chart link opens that moment).
 */
export function OrderDetail({ order, verifyHref }: { order: Order; verifyHref?: string }) {
  const { t } = useTranslation(NS);
  const f = useFormatters();
  const time = useTimeFormat();
  const period = usePeriodLabel();
  const left = useSecondsLeft(order.settle_time);
  const precision = precisionOf(order.open_price);
  const open = order.status === 'open';
  const rows: Array<[string, ReactNode]> = [
    [t('detail.product'), `${order.symbol} · ${productNameIn(f.lang, order.symbol, order.name)}`],
    [t('detail.direction'), <DirectionLabel direction={order.direction} />],
    [t('detail.amount'), f.money(order.amount)],
    [t('detail.fee'), f.money(order.fee)],
    [t('detail.period'), period(order.seconds)],
    [t('detail.payoutRate'), `${f.number(order.payout_pct, 2)}%`],
    [t('detail.lossRate'), `${f.number(order.loss_pct, 2)}%`],
    [
      t('detail.openPrice'),
      <>
        {f.number(order.open_price, precision)}
        <span className={styles.sub}>{time.dateTimeSeconds(order.open_time)}</span>
      </>,
    ],
    [
      t('detail.settlePrice'),
      order.settle_price ? (
        <>
          {f.number(order.settle_price, precision)}
          <span className={styles.sub}>{time.dateTimeSeconds(order.settle_time)}</span>
        </>
      ) : (
        <>
          {t('detail.pending')}
          <span className={styles.sub}>{time.dateTimeSeconds(order.settle_time)}</span>
        </>
      ),
    ],
    [t('detail.result'), open ? t('detail.pending') : <ResultLabel result={order.result} />],
    [t('detail.payout'), order.payout ? f.money(order.payout) : '—'],
    [t('detail.pnl'), open ? '—' : <PnlText pnl={order.pnl} />],
  ];
  if (order.reference)
    rows.splice(7, 0, [
      t('detail.secondSource'),
      t('confirm.secondSourceValue', {
        source: t(`verify.source.${order.reference.source}`, { defaultValue: order.reference.source }),
        pct: f.number(order.reference.tolerance_pct, 2),
      }),
    ]);
  if (open) {
    rows.splice(2, 0, [t('detail.expectedProfit'), `+${f.money(order.expected_profit)}`]);
    rows.splice(3, 0, [t('detail.expectedLoss'), `−${f.money(order.expected_loss)}`]);
  }
  return (
    <article className={styles.detail} data-testid="order-detail">
      <div className={styles.detailHead}>
        <h2 className={styles.detailTitle}>{t('detail.title', { id: order.id })}</h2>
        {order.mode === 'practice' && <PracticeBadge />}
        <Badge tone={open ? 'primary' : 'neutral'}>
          {open
            ? left > 0
              ? t('detail.settlesIn', { time: formatDuration(left) })
              : t('running.settlingShort')
            : t('detail.settled')}
        </Badge>
      </div>
      <dl className={styles.detailRows}>
        {rows.map(([label, value]) => (
          <div key={label} className={styles.detailRow}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {order.result === 'void' && order.reference && (
        <p className={styles.note} data-testid="order-void-note">
          {t('detail.voidNote', { pct: f.number(order.reference.tolerance_pct, 2) })}
        </p>
      )}
      <p className={styles.note}>{t('detail.howSettled')}</p>
      <div className={styles.actions}>
        {/* Practice orders move no real money and are not logged: nothing to verify. */}
        {verifyHref && order.mode === 'real' && (
          <LinkButton variant="primary" href={verifyHref} data-testid="verify-order">
            {t('detail.verify')}
          </LinkButton>
        )}
        <LinkButton variant="secondary" href={chartHref(order)}>
          {t('detail.chartLink')}
        </LinkButton>
        {/* A settled real order can be contested: the account remote's form, which attaches its evidence. */}
        {order.status === 'settled' && order.mode === 'real' && (
          <LinkButton variant="secondary" href={`#/pages/user/contest?kind=order&id=${order.id}`} data-testid="contest">
            {t('detail.contest')}
          </LinkButton>
        )}
      </div>
      <SimulatedNote simulated={order.simulated} />
    </article>
  );
}
