import '../i18n-namespace.ts';
import { ProjectOrderList } from '../features/project-orders/components/project-order-list.tsx';

/**
 * The Order tab's "project orders" list (exposed as `./project-orders`): every buy, top-up, renewal, payout,
 * stop and maturity of the user's Yuebao plans. The host (the trade remote's Order tab) decides where it goes.
 */
export default function ProjectOrders() {
  return <ProjectOrderList />;
}
