import { useCallback, useDeferredValue, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { selectIsLoggedIn, useAppDispatch, useAppSelector, useGetUserInfoQuery } from '@app/api-client';
import {
  KLINE_INTERVALS,
  productNameIn,
  type Direction,
  type KlineInterval,
  type Order,
  type Tick,
} from '@app/contracts';
import { useFormatters } from '@app/i18n/client';
import { EmptyState, cx } from '@app/ui';
import { LinkButton } from '@app/ui/link-button';
import { DefaultPage, LoadError, Loading } from '@app/app-kit';
import { NS } from '../i18n-namespace.ts';
import { loginPath } from '../lib/login-path.ts';
import { SimulatedNote } from '../lib/simulated-note.tsx';
import { displayStatus } from '../lib/display-status.ts';
import { useTickValue } from '../lib/stream/stream-hooks.ts';
import { WithLivePrice, type PriceSource } from '../lib/stream/with-live-price.tsx';
import { ChartPanel, type ChartMode } from '../features/chart/components/chart-panel.tsx';
import { useGetGoodsQuery, useGetProductQuoteQuery } from '../features/product/api/product-api.ts';
import { ProductHeader } from '../features/product/components/product-header.tsx';
import { OrderSheet } from '../features/order-sheet/components/order-sheet.tsx';
import { QuickButtons, QuickTradeSheet } from '../features/order-sheet/components/quick-trade.tsx';
import { quickTerms, readQuickTrade } from '../features/order-sheet/lib/quick-trade.ts';
import quickStyles from '../features/order-sheet/components/quick-trade.module.css';
import { ordersApi, useGetHoldingOrdersQuery } from '../features/orders/api/orders-api.ts';
import { ResultDialog } from '../features/orders/components/result-dialog.tsx';
import { RunningOrderCard } from '../features/orders/components/running-order-card.tsx';
import { ModeBar } from '../features/practice/components/mode-bar.tsx';
import { useTradeMode } from '../lib/trade-mode.ts';
import { useGetPracticeQuery } from '../features/practice/api/practice-api.ts';
import { AlertsButton } from '../features/alerts/components/alerts-sheet.tsx';
import styles from './product-page.module.css';

const isInterval = (value: string | null): value is KlineInterval =>
  (KLINE_INTERVALS as readonly string[]).includes(value ?? '');

const hasTick = (tick: Tick | null) => tick !== null;

/**
 * The product page (/pages/trade/trade?symbol=...): price and day figures, the chart, the user's running
 * orders on this product with their countdowns, and the buy buttons that open the order sheet. This is where
 * the market, chart, order-sheet and orders features meet.
 */
export function ProductPage({ symbol }: { symbol: string }) {
  const { t } = useTranslation(NS);
  const { lang } = useFormatters();
  const navigate = useNavigate();
  const location = useLocation();
  const dispatch = useAppDispatch();
  const [params, setParams] = useSearchParams();
  const atParam = Number(params.get('at'));
  const at = Number.isInteger(atParam) && atParam > 0 ? atParam : null;
  const intervalParam = params.get('interval');
  const mode: ChartMode = intervalParam === 'line' ? 'line' : isInterval(intervalParam) ? intervalParam : '1m';

  const goods = useGetGoodsQuery(symbol, { pollingInterval: 30_000, skipPollingIfUnfocused: true });
  const quote = useGetProductQuoteQuery(symbol, { pollingInterval: 30_000, skipPollingIfUnfocused: true });
  // Only whether a price has arrived matters here (a fresh start is "starting" until one does), not each tick.
  const ticked = useTickValue(symbol, hasTick);
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const user = useGetUserInfoQuery(undefined, { skip: !loggedIn });
  const tradeMode = useTradeMode();
  const holding = useGetHoldingOrdersQuery(tradeMode, { skip: !loggedIn });
  const practice = useGetPracticeQuery(undefined, { skip: !loggedIn || tradeMode !== 'practice' });

  const [sheetOpen, setSheetOpen] = useState(false);
  // Quick trade, as the user set it on this device for this product (off unless they turned it on).
  const [quick, setQuick] = useState(() => readQuickTrade(symbol));
  const [quickFor, setQuickFor] = useState(symbol);
  if (quickFor !== symbol) {
    setQuickFor(symbol);
    setQuick(readQuickTrade(symbol));
  }
  const [quickOpen, setQuickOpen] = useState(false);
  const quickIds = useRef(new Set<number>());
  const [direction, setDirection] = useState<Direction>('up');
  const [placed, setPlaced] = useState<Order[]>([]);
  const [settledIds, setSettledIds] = useState<ReadonlySet<number>>(new Set());
  const [results, setResults] = useState<Order[]>([]);

  const product = goods.data?.product;
  const status = displayStatus(
    quote.data?.status ?? product?.status ?? 'closed',
    product && { live: product.live, delayed: quote.data?.delayed ?? product.delayed },
    ticked,
  );
  const precision = product?.precision ?? 2;
  const priceSource: PriceSource = {
    symbol,
    since: quote.data?.time ?? product?.price_time ?? 0,
    fallback: quote.data?.now ?? product?.price ?? null,
  };

  const running = useMemo(() => {
    const byId = new Map<number, Order>();
    for (const order of [...placed, ...(holding.data?.items ?? [])]) {
      if (order.symbol === symbol && order.status === 'open' && order.mode === tradeMode && !settledIds.has(order.id))
        byId.set(order.id, order);
    }
    return [...byId.values()].sort((a, b) => b.open_time - a.open_time);
  }, [placed, holding.data, settledIds, symbol, tradeMode]);
  const openLines = useMemo(
    () => running.map((o) => ({ id: o.id, price: o.open_price, direction: o.direction })),
    [running],
  );

  const onSettled = useCallback(
    (order: Order) => {
      setSettledIds((ids) => new Set(ids).add(order.id));
      // A quick order's result comes as a notice (the shell's toast): a dialog would stand in the way of the next tap.
      if (!quickIds.current.has(order.id))
        setResults((list) => (list.some((o) => o.id === order.id) ? list : [...list, order]));
      // The balance and the order lists changed on the server.
      dispatch(ordersApi.util.invalidateTags(['Order', 'User']));
    },
    [dispatch],
  );

  const openSheet = (d: Direction) => {
    if (!loggedIn) {
      navigate(loginPath(`${location.pathname}${location.search}`));
      return;
    }
    setDirection(d);
    setSheetOpen(true);
  };

  // Stable, so the memoised chart is not drawn again by every tick's render of this page.
  const setMode = useCallback(
    (next: ChartMode) => setParams(new URLSearchParams({ symbol, interval: next }), { replace: true }),
    [symbol, setParams],
  );

  // The store's answer re-renders this page synchronously; the page's body then mounts in a render of its own
  // at transition priority, which React splits into slices that yield to input. Mounted inside the store's
  // update, the whole page was one long task on a phone. No initial value: React defers a value's first render
  // whenever one is given, and this page mounts in the render that reveals its lazy chunk, which React holds
  // back for up to 300 ms after a fallback was shown; each deferred render meanwhile started that render again
  // from scratch and asked for a deferral of its own (about 200 renders of the page's frame, 25 ms at 1x).
  const bodyShown = useDeferredValue(!goods.isLoading);
  if (goods.isLoading || !bodyShown) {
    return (
      <DefaultPage title={symbol} custom backTo="/pages/trade/trade">
        <Loading lines={8} />
      </DefaultPage>
    );
  }
  if (goods.isError || !product || !goods.data) {
    const notFound = (goods.error as { key?: string } | undefined)?.key === 'product_not_found';
    return (
      <DefaultPage title={symbol} custom backTo="/pages/trade/trade">
        {notFound ? (
          <EmptyState
            title={t('product.notFound')}
            action={<LinkButton href="#/pages/trade/trade">{t('product.toQuotes')}</LinkButton>}
          />
        ) : (
          <LoadError error={goods.error} onRetry={() => void goods.refetch()} />
        )}
      </DefaultPage>
    );
  }

  const trading = status === 'trading';
  // Quick trade stays on only while the product's terms are the ones the user read when turning it on.
  const quickTerm = quickTerms(quick, goods.data.terms);
  const current = results[0] ?? null;
  return (
    <DefaultPage title={symbol} custom backTo="/pages/trade/trade">
      {loggedIn && <ModeBar />}
      <div className={styles.page}>
        <WithLivePrice source={priceSource}>
          {(price) => (
            <ProductHeader
              name={productNameIn(lang, product.symbol, product.name)}
              precision={precision}
              status={status}
              nextChange={goods.data.next_change}
              quote={quote.data}
              price={price}
              source={quote.data?.source ?? product.source}
            />
          )}
        </WithLivePrice>
        {running.length > 0 && (
          <WithLivePrice source={priceSource}>
            {(price) =>
              running.map((order) => (
                <RunningOrderCard key={order.id} order={order} livePrice={price} onSettled={onSettled} />
              ))
            }
          </WithLivePrice>
        )}
        {loggedIn && <AlertsButton symbol={symbol} precision={precision} priceSource={priceSource} />}
        <SimulatedNote simulated={product.simulated} long />
        <ChartPanel
          symbol={symbol}
          precision={precision}
          mode={mode}
          onModeChange={setMode}
          at={at}
          openLines={openLines}
          trading={status === 'trading'}
        />
        <p className={styles.risk}>{t('trade.risk')}</p>
      </div>
      <div className={styles.bar}>
        {!trading && <p className={styles.barNote}>{t(`sheet.notTrading.${status}`)}</p>}
        {loggedIn && (
          <button
            type="button"
            className={quickStyles.toggle}
            aria-haspopup="dialog"
            onClick={() => setQuickOpen(true)}
          >
            {quickTerm ? t('quick.settingsOn') : quick ? t('quick.settingsChanged') : t('quick.settingsOff')}
          </button>
        )}
        {loggedIn && quick && quickTerm ? (
          <QuickButtons
            symbol={symbol}
            mode={tradeMode}
            settings={quick}
            term={quickTerm}
            disabled={!trading}
            onPlaced={(order) => {
              quickIds.current.add(order.id);
              setPlaced((list) => [order, ...list]);
            }}
          />
        ) : (
          <div className={styles.buttons}>
            <button
              type="button"
              className={cx(styles.buy, styles.up)}
              disabled={!trading}
              onClick={() => openSheet('up')}
            >
              <span aria-hidden="true">▲</span>
              {t('sheet.buyUp')}
            </button>
            <button
              type="button"
              className={cx(styles.buy, styles.down)}
              disabled={!trading}
              onClick={() => openSheet('down')}
            >
              <span aria-hidden="true">▼</span>
              {t('sheet.buyDown')}
            </button>
          </div>
        )}
      </div>
      {loggedIn && (
        <QuickTradeSheet
          key={`${symbol}-${quickOpen}`}
          open={quickOpen}
          symbol={symbol}
          terms={goods.data.terms}
          saved={quick}
          onClose={() => setQuickOpen(false)}
          onChange={setQuick}
        />
      )}
      {loggedIn && (
        // A closed sheet shows no price, so it follows the stream only while open.
        <WithLivePrice source={priceSource} follow={sheetOpen}>
          {(price) => (
            <OrderSheet
              open={sheetOpen}
              onClose={() => setSheetOpen(false)}
              symbol={symbol}
              precision={precision}
              terms={goods.data.terms}
              status={status}
              price={price}
              simulated={product.simulated}
              direction={direction}
              onDirection={setDirection}
              mode={tradeMode}
              available={
                tradeMode === 'practice' ? (practice.data?.available ?? null) : (user.data?.balances.available ?? null)
              }
              onPlaced={(order) => {
                setPlaced((list) => [order, ...list]);
                setSheetOpen(false);
              }}
            />
          )}
        </WithLivePrice>
      )}
      <ResultDialog
        order={current}
        onContinue={() => {
          setResults((list) => list.slice(1));
          if (results.length <= 1 && trading) setSheetOpen(true);
        }}
        onDetails={(order) => navigate(`/pages/user/order?tab=history&id=${order.id}`)}
      />
    </DefaultPage>
  );
}
