import { useTranslation } from 'react-i18next';
import type { Order } from '@app/contracts';
import { formatDuration, useFormatters } from '@app/i18n/client';
import { Spinner, cx } from '@app/ui';
import { NS } from '../../../i18n-namespace.ts';
import { comparePrices, precisionOf } from '../../../lib/decimal.ts';
import { DirectionLabel } from '../../../lib/direction-label.tsx';
import { useSecondsLeft } from '../hooks/use-clock.ts';
import { useSettledOrder } from '../hooks/use-settled-order.ts';
import styles from './orders.module.css';

/**
 * A running order: the countdown to its settlement second and where the live price stands against the open
 * price. The standing is labelled provisional: the result is the server's, from the price recorded at the
 * settlement second, and is shown only once the server has settled the order.
 */
export function RunningOrderCard({
  order,
  livePrice,
  onSettled,
}: {
  order: Order;
  livePrice: string | null;
  onSettled: (order: Order) => void;
}) {
  const { t } = useTranslation(NS);
  const f = useFormatters();
  const left = useSecondsLeft(order.settle_time);
  const { settling } = useSettledOrder(order, left === 0, onSettled);
  const precision = precisionOf(order.open_price);
  const move = livePrice ? comparePrices(livePrice, order.open_price) : 0;
  const ahead = move === 0 ? 0 : move > 0 === (order.direction === 'up') ? 1 : -1;

  return (
    <section
      className={styles.card}
      aria-label={t('running.label', { symbol: order.symbol })}
      data-testid="running-order"
    >
      <div className={styles.cardHead}>
        <span>
          <DirectionLabel direction={order.direction} /> · {f.money(order.amount)}
        </span>
        {left > 0 ? (
          <span className={styles.countdown} role="timer" aria-label={t('running.secondsLeft', { count: left })}>
            {formatDuration(left)}
          </span>
        ) : null}
      </div>
      <dl className={styles.grid}>
        <div>
          <dt>{t('running.openPrice')}</dt>
          <dd>{f.number(order.open_price, precision)}</dd>
        </div>
        <div>
          <dt>{t('running.livePrice')}</dt>
          <dd className={cx(move > 0 ? styles.up : move < 0 ? styles.down : undefined)}>
            {livePrice ? (
              <>
                <span aria-hidden="true">{move > 0 ? '▲ ' : move < 0 ? '▼ ' : ''}</span>
                {f.number(livePrice, precision)}
              </>
            ) : (
              '—'
            )}
          </dd>
        </div>
      </dl>
      {left > 0 || !settling ? (
        <p className={styles.standing} aria-live="polite">
          <span className={ahead > 0 ? styles.up : ahead < 0 ? styles.down : styles.flat}>
            <span aria-hidden="true">{ahead > 0 ? '▲ ' : ahead < 0 ? '▼ ' : '= '}</span>
            {t(ahead > 0 ? 'running.ahead' : ahead < 0 ? 'running.behind' : 'running.level')}
          </span>
          <span className={styles.provisional}>{t('running.provisional')}</span>
        </p>
      ) : (
        <div className={styles.settling}>
          <Spinner label={t('running.settling')} />
        </div>
      )}
    </section>
  );
}
