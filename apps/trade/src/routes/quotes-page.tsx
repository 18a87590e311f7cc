import { selectIsLoggedIn, useAppSelector } from '@app/api-client';
import { ModeBar } from '../features/practice/components/mode-bar.tsx';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PRODUCT_CLASSES, type ProductClass } from '@app/contracts';
import { Button, EmptyState, Tabs } from '@app/ui';
import { DefaultPage, LoadError, Loading } from '@app/app-kit';
import { NS } from '../i18n-namespace.ts';
import { SimulatedNote } from '../lib/simulated-note.tsx';
import { useLatestTicks } from '../lib/stream/stream-hooks.ts';
import { useSelectedTabVisible } from '../lib/use-selected-tab-visible.ts';
import { useGetProductsQuery } from '../features/quotes/api/products-api.ts';
import { QuoteList } from '../features/quotes/components/quote-row.tsx';
import { QuoteSearch } from '../features/quotes/components/quote-search.tsx';
import { useDebouncedValue } from '../features/quotes/hooks/use-debounced-value.ts';
import { openingClass } from '../features/quotes/lib/opening-class.ts';
import styles from './quotes-page.module.css';

const isClass = (value: string | null): value is ProductClass =>
  (PRODUCT_CLASSES as readonly string[]).includes(value ?? '');

/**
 * Market quotes: one tab per class, a search across all of them, live prices from the stream. The list is
 * re-read every 15 s for today's change and the market status; prices move with every tick in between.
 */
export function QuotesPage() {
  const { t } = useTranslation(NS);
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const [params, setParams] = useSearchParams();
  const requested = params.get('class');
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  // No class asked for: every product first, to open on a class that is trading now.
  const everything = useGetProductsQuery({}, { skip: isClass(requested) || q !== '' });
  const cls: ProductClass = isClass(requested)
    ? requested
    : everything.data
      ? openingClass(everything.data.items)
      : PRODUCT_CLASSES[0];
  const choosing = !isClass(requested) && !q && !everything.data && !everything.isError;
  const listed = useGetProductsQuery(q ? { q } : { class: cls }, {
    pollingInterval: 15_000,
    skipPollingIfUnfocused: true,
    skip: choosing,
  });
  const { data, error, isError, refetch } = listed;
  const isLoading = choosing || listed.isLoading;
  const symbols = useMemo(() => (data?.items ?? []).map((p) => p.symbol), [data]);
  const ticks = useLatestTicks(symbols);
  useSelectedTabVisible(`quotes-tab-${cls}`);

  return (
    <DefaultPage title={t('trade.title')} custom>
      {loggedIn && <ModeBar />}
      <div className={styles.sticky}>
        <Tabs
          idPrefix="quotes"
          label={t('quotes.classesLabel')}
          items={PRODUCT_CLASSES.map((key) => ({ key, label: t(`classes.${key}`) }))}
          value={q ? '' : cls}
          onChange={(key) => {
            setSearch('');
            setParams({ class: key }, { replace: true });
          }}
        />
        <QuoteSearch value={search} onChange={setSearch} />
      </div>
      <div
        id="quotes-panel"
        role="tabpanel"
        aria-labelledby={q ? undefined : `quotes-tab-${cls}`}
        aria-busy={isLoading}
      >
        <SimulatedNote simulated={data?.simulated} long />
        {q && <h2 className={styles.heading}>{t('quotes.results', { query: q })}</h2>}
        {isLoading ? (
          <Loading lines={6} />
        ) : isError ? (
          <LoadError error={error} onRetry={() => void refetch()} />
        ) : data && data.items.length > 0 ? (
          <QuoteList items={data.items} ticks={ticks} />
        ) : (
          <EmptyState
            title={q ? t('quotes.noMatch', { query: q }) : t('quotes.emptyClass')}
            action={
              q ? (
                <Button variant="secondary" onClick={() => setSearch('')}>
                  {t('quotes.clearSearch')}
                </Button>
              ) : undefined
            }
          />
        )}
      </div>
      <p className={styles.risk}>{t('trade.risk')}</p>
    </DefaultPage>
  );
}
