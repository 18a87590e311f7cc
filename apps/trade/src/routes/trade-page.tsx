import { lazy } from 'react';
import { useSearchParams } from 'react-router';
import { QuotesPage } from './quotes-page.tsx';

/*
 * The product page (with its chart library) is a chunk of its own, so the quotes list never downloads
 * lightweight-charts. Its name tells the page's boot script to preload it when the address has ?symbol=.
 */
const ProductPage = lazy(() =>
  import(/* webpackChunkName: "page-pages-trade-trade--symbol" */ './product-page.tsx').then((m) => ({
    default: m.ProductPage,
  })),
);

/** /pages/trade/trade: the quotes, or one product's page when ?symbol= names it. */
export default function TradeRoute() {
  const [params] = useSearchParams();
  const symbol = params.get('symbol')?.trim();
  return symbol ? <ProductPage key={symbol} symbol={symbol} /> : <QuotesPage />;
}
