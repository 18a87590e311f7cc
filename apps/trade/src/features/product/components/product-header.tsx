import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '@app/i18n/client';
import { NS } from '../../../i18n-namespace.ts';
import { ChangeText } from '../../../lib/change-text.tsx';
import { changePercent, comparePrices, priceDifference } from '../../../lib/decimal.ts';
import { LivePrice } from '../../../lib/live-price.tsx';
import { StatusBadge } from '../../../lib/status-badge.tsx';
import type { DisplayStatus } from '../../../lib/display-status.ts';
import { useTimeFormat } from '../../../lib/time-format.ts';
import type { ProductQuote } from '../api/product-api.ts';
import styles from './product-header.module.css';

export type ProductHeaderProps = {
  name: string;
  precision: number;
  status: DisplayStatus;
  nextChange: number | null;
  quote: ProductQuote | undefined;
  /** The latest price: the live tick, or the quote's own. */
  price: string | null;
  /** Where the prices come from ("simulator", "binance", ...): every screen showing a price names it. */
  source: string;
};

const higher = (a: string | null | undefined, b: string | null) => (!a ? b : !b ? a : comparePrices(b, a) > 0 ? b : a);
const lower = (a: string | null | undefined, b: string | null) => (!a ? b : !b ? a : comparePrices(b, a) < 0 ? b : a);

/**
 * Price, change since the day's open, the day's open / high / low and the previous close, the market status
 * and when it next opens or closes. High and low widen with live ticks (they are recorded prices too).
 */
export function ProductHeader({ name, precision, status, nextChange, quote, price, source }: ProductHeaderProps) {
  const { t } = useTranslation(NS);
  const f = useFormatters();
  const open = quote?.open ?? null;
  const stats = [
    ['open', open],
    ['high', higher(quote?.high, price)],
    ['low', lower(quote?.low, price)],
    ['prevClose', quote?.close ?? null],
  ] as const;

  return (
    <section className={styles.header} aria-label={t('product.summary')}>
      <div className={styles.top}>
        <span className={styles.name}>{name}</span>
        <StatusBadge status={status} />
      </div>
      <div className={styles.priceRow}>
        {/* Measured from the day's open, as the change beside it and the day's candle are. */}
        <LivePrice className={styles.price} price={price} precision={precision} reference={open} />
        <span className={styles.changes}>
          <ChangeText value={price && open ? priceDifference(price, open) : null} digits={precision} />
          <ChangeText value={price && open ? changePercent(price, open) : null} percent />
        </span>
      </div>
      <dl className={styles.stats}>
        {stats.map(([key, value]) => (
          <div key={key} className={styles.stat}>
            <dt>{t(`product.${key}`)}</dt>
            <dd>{value ? f.number(value, precision) : '—'}</dd>
          </div>
        ))}
      </dl>
      <SessionLines status={status} nextChange={nextChange} source={source} />
    </section>
  );
}

/**
 * When the market next opens or closes, and where the prices come from: the same at every tick, so memoised out
 * of the header's render once a second.
 */
const SessionLines = memo(function SessionLines({
  status,
  nextChange,
  source,
}: Pick<ProductHeaderProps, 'status' | 'nextChange' | 'source'>) {
  const { t } = useTranslation(NS);
  const time = useTimeFormat();
  // In session whether or not the first prices have arrived yet.
  const inSession = status === 'trading' || status === 'starting';
  const session =
    status === 'forbidden'
      ? t('product.suspended')
      : nextChange === null
        ? inSession
          ? t('product.alwaysOpen')
          : null
        : t(inSession ? 'product.closesAt' : 'product.opensAt', { time: time.dateTime(nextChange) });
  return (
    <>
      {session && <p className={styles.session}>{session}</p>}
      <p className={styles.session} data-testid="price-source">
        {t('product.source', { source: t(`sources.${source}`, { defaultValue: source }) })}
      </p>
    </>
  );
});
