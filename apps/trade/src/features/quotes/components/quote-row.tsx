import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NS } from '../../../i18n-namespace.ts';
import { productNameIn, type Product, type Tick } from '@app/contracts';
import { useFormatters } from '@app/i18n/client';
import { ChangeText } from '../../../lib/change-text.tsx';
import { LivePrice } from '../../../lib/live-price.tsx';
import { StatusBadge } from '../../../lib/status-badge.tsx';
import { displayStatus } from '../../../lib/display-status.ts';
import styles from './quote-row.module.css';

/** The price to show: the live tick when it is newer than the list's, the list's otherwise. */
export function currentPrice(product: Product, tick: Tick | undefined): string | null {
  if (tick && tick.t >= (product.price_time ?? 0)) return tick.p;
  return product.price;
}

/** One product: symbol and name, live price, today's change and the market status. */
export function QuoteRow({ product, tick }: { product: Product; tick: Tick | undefined }) {
  const { t } = useTranslation(NS);
  const { lang } = useFormatters();
  const source = t(`sources.${product.source}`, { defaultValue: product.source });
  const name = productNameIn(lang, product.symbol, product.name);
  return (
    <Link
      className={styles.row}
      to={{ pathname: '/pages/trade/trade', search: `?symbol=${encodeURIComponent(product.symbol)}` }}
      data-testid={`quote-${product.symbol}`}
    >
      <span className={styles.names}>
        <span className={styles.top}>
          <span className={styles.symbol}>{product.symbol}</span>
          <StatusBadge status={displayStatus(product.status, product, tick !== undefined)} />
        </span>
        <span className={styles.name} title={`${name} · ${source}`}>
          {name} · <span data-testid="row-source">{source}</span>
        </span>
      </span>
      <LivePrice className={styles.price} price={currentPrice(product, tick)} precision={product.precision} />
      <span className={styles.change}>
        <ChangeText value={product.change_pct} percent />
      </span>
    </Link>
  );
}

export function QuoteList({ items, ticks }: { items: Product[]; ticks: ReadonlyMap<string, Tick> }) {
  return (
    <ul className={styles.list}>
      {items.map((product) => (
        <li key={product.symbol}>
          <QuoteRow product={product} tick={ticks.get(product.symbol)} />
        </li>
      ))}
    </ul>
  );
}
