import { useSearchParams } from 'react-router';
import { ProductPage } from './product-page.tsx';
import { QuotesPage } from './quotes-page.tsx';

/** /pages/trade/trade: the quotes, or one product's page when ?symbol= names it. */
export default function TradeRoute() {
  const [params] = useSearchParams();
  const symbol = params.get('symbol')?.trim();
  return symbol ? <ProductPage key={symbol} symbol={symbol} /> : <QuotesPage />;
}
