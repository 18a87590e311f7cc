import { useTranslation } from 'react-i18next';
import type { Order } from '@app/contracts';
import { useFormatters } from '@app/i18n/client';
import { NS } from '../../../i18n-namespace.ts';
import { precisionOf } from '../../../lib/decimal.ts';
import { useTimeFormat } from '../../../lib/time-format.ts';
import styles from './copy.module.css';

type Priced = Pick<Order, 'open_price' | 'open_time' | 'settle_price' | 'settle_time'>;

/** An order's recorded prices and seconds, open and settlement: the figures anyone can check against getkdata. */
export function OrderPrices({ order }: { order: Priced }) {
  const { t } = useTranslation(NS);
  const f = useFormatters();
  const time = useTimeFormat();
  const price = (p: string) => f.number(p, precisionOf(p));
  return (
    <dl className={styles.prices}>
      <div>
        <dt>{t('copy.order.open')}</dt>
        <dd data-testid="open-price">{price(order.open_price)}</dd>
        <dd data-testid="open-time">{time.dateTimeSeconds(order.open_time)}</dd>
      </div>
      <div>
        <dt>{t('copy.order.settle')}</dt>
        <dd>{order.settle_price === null ? t('copy.order.running') : price(order.settle_price)}</dd>
        <dd>{time.dateTimeSeconds(order.settle_time)}</dd>
      </div>
    </dl>
  );
}

/** "✓ Win" / "✕ Loss" / "= Draw": a sign with every result, never colour alone. */
export function ResultWord({ result }: { result: Order['result'] }) {
  const { t } = useTranslation(NS);
  if (!result) return <span className={styles.flat}>{t('copy.order.running')}</span>;
  return (
    <span className={result === 'win' ? styles.up : result === 'loss' ? styles.down : styles.flat}>
      <span aria-hidden="true">{result === 'win' ? '✓ ' : result === 'loss' ? '✕ ' : '= '}</span>
      {t(`result.${result}`)}
    </span>
  );
}
