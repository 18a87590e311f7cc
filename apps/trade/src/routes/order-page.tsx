import { OrdersPage } from './orders-page.tsx';

/** /pages/user/order: the Order tab (lists, or one order's detail with ?id=). */
export default function OrderPage() {
  return <OrdersPage />;
}
