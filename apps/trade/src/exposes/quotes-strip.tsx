import '../i18n-namespace.ts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ProductClass } from '@app/contracts';
import { NS } from '../i18n-namespace.ts';
import { ChangeText } from '../lib/change-text.tsx';
import { LivePrice } from '../lib/live-price.tsx';
import { SimulatedNote } from '../lib/simulated-note.tsx';
import { useLatestTicks } from '../lib/stream/stream-hooks.ts';
import { useGetProductsQuery } from '../features/quotes/api/products-api.ts';
import { currentPrice } from '../features/quotes/components/quote-row.tsx';
import styles from './quotes-strip.module.css';

/** Crypto trades around the clock, so Home's strip always moves; the quotes page has every class. */
const STRIP_CLASS: ProductClass = 'crypto';
const STRIP_SIZE = 6;

/**
 * Home's live quotes: a few products with the latest price (live from the stream) and today's change, the
 * direction told by an arrow and a sign as well as colour, and the note that prices are simulated when they
 * are. The same products query and stream as the quotes page, so opening it after Home costs nothing. The
 * shell loads it at run time; other remotes never import it.
 */
export default function QuotesStrip() {
  const { t } = useTranslation(NS);
  const { data, isError } = useGetProductsQuery(
    { class: STRIP_CLASS },
    { pollingInterval: 15_000, skipPollingIfUnfocused: true },
  );
  const items = useMemo(() => (data?.items ?? []).slice(0, STRIP_SIZE), [data]);
  const ticks = useLatestTicks(useMemo(() => items.map((p) => p.symbol), [items]));
  // A failed read leaves the strip out: Home's other widgets and the quotes page say what went wrong.
  if (isError || (data && items.length === 0)) return null;
  return (
    <section className={styles.strip} aria-labelledby="quotes-strip-title" data-testid="quotes-strip">
      <div className={styles.head}>
        <h2 id="quotes-strip-title" className={styles.title}>
          {t('quotesStrip.title')}
        </h2>
        <Link className={styles.more} to="/pages/trade/trade">
          {t('quotesStrip.all')}
        </Link>
      </div>
      <ul className={styles.list}>
        {items.map((product) => (
          <li key={product.symbol}>
            <Link
              className={styles.card}
              to={{ pathname: '/pages/trade/trade', search: `?symbol=${encodeURIComponent(product.symbol)}` }}
              data-testid={`strip-${product.symbol}`}
            >
              <span className={styles.symbol}>{product.symbol}</span>
              <LivePrice
                className={styles.price}
                price={currentPrice(product, ticks.get(product.symbol))}
                precision={product.precision}
              />
              <ChangeText className={styles.change} value={product.change_pct} percent />
            </Link>
          </li>
        ))}
      </ul>
      <SimulatedNote simulated={data?.simulated} />
    </section>
  );
}
