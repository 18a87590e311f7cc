import { HashRouter, Navigate, Route, Routes } from 'react-router';
import { ApprovalsQueue } from '../features/approvals/components/approvals-queue.tsx';
import { RiskPage } from '../features/risk/components/risk-page.tsx';
import { CasesQueue } from '../features/cases/components/cases-queue.tsx';
import { CasePage } from '../features/cases/components/case-page.tsx';
import { BroadcastPage } from '../features/broadcast/components/broadcast-page.tsx';
import { ReplyTemplatesPage } from '../features/reply-templates/components/reply-templates-page.tsx';
import { ContentPage } from '../features/content/components/content-page.tsx';
import { HousePage } from '../features/house/components/house-page.tsx';
import { PlansPage } from '../features/plans/components/plans-page.tsx';
import { SettingsPage } from '../features/settings/components/settings-page.tsx';
import { AuditPage } from '../features/audit/components/audit-page.tsx';
import { BrandSettingsPage } from '../features/brand-settings/components/brand-settings-page.tsx';
import { DepositQueue } from '../features/deposits/components/deposit-queue.tsx';
import { KycQueue } from '../features/kyc/components/kyc-queue.tsx';
import { OrdersPage } from '../features/orders/components/orders-page.tsx';
import { SupportQueue } from '../features/support/components/support-queue.tsx';
import { OperatorsPage } from '../features/operators/components/operators-page.tsx';
import { ProductsPage } from '../features/products/components/products-page.tsx';
import { TokensPage } from '../features/tokens/components/tokens-page.tsx';
import { UserPage } from '../features/user-page/components/user-page.tsx';
import { UsersPage } from '../features/users/components/users-page.tsx';
import { WithdrawalQueue } from '../features/withdrawals/components/withdrawal-queue.tsx';
import { usePermission, useSession } from '../lib/hooks.ts';
import { ConsoleLayout } from './console-layout.tsx';
import { sectionsFor } from './sections.ts';

const PAGES = {
  deposits: <DepositQueue />,
  withdrawals: <WithdrawalQueue />,
  kyc: <KycQueue />,
  support: <SupportQueue />,
  approvals: <ApprovalsQueue />,
  cases: <CasesQueue />,
  risk: <RiskPage />,
  users: <UsersPage />,
  house: <HousePage />,
  content: <ContentPage />,
  plans: <PlansPage />,
  settings: <SettingsPage />,
  products: <ProductsPage />,
  orders: <OrdersPage />,
  audit: <AuditPage />,
  broadcast: <BroadcastPage />,
  templates: <ReplyTemplatesPage />,
  operators: <OperatorsPage />,
  tokens: <TokensPage />,
  brand: <BrandSettingsPage />,
} as const;

/** Hash routes (/console/#/deposits): the server serves one index.html and needs no route per page. */
export function ConsoleRoutes() {
  const { permissions } = useSession();
  const mayReadUsers = usePermission('users.read');
  const mayReviewMoney = usePermission('money.review');
  const allowed = sectionsFor(permissions);
  const first = allowed[0]?.path ?? 'tokens';
  return (
    <HashRouter>
      <Routes>
        <Route element={<ConsoleLayout />}>
          {allowed.map((section) => (
            <Route key={section.path} path={section.path} element={PAGES[section.path as keyof typeof PAGES]} />
          ))}
          {mayReadUsers && <Route path="users/:id" element={<UserPage />} />}
          {mayReviewMoney && <Route path="cases/:id" element={<CasePage />} />}
          <Route path="*" element={<Navigate to={`/${first}`} replace />} />
        </Route>
      </Routes>
    </HashRouter>
  );
}
