import { HashRouter, Navigate, Route, Routes } from 'react-router';
import { DepositQueue } from '../features/deposits/components/deposit-queue.tsx';
import { OperatorsPage } from '../features/operators/components/operators-page.tsx';
import { TokensPage } from '../features/tokens/components/tokens-page.tsx';
import { UsersPage } from '../features/users/components/users-page.tsx';
import { WithdrawalQueue } from '../features/withdrawals/components/withdrawal-queue.tsx';
import { useSession } from '../lib/hooks.ts';
import { ConsoleLayout } from './console-layout.tsx';
import { sectionsFor } from './sections.ts';

const PAGES = {
  deposits: <DepositQueue />,
  withdrawals: <WithdrawalQueue />,
  users: <UsersPage />,
  operators: <OperatorsPage />,
  tokens: <TokensPage />,
} as const;

/** Hash routes (/console/#/deposits): the server serves one index.html and needs no route per page. */
export function ConsoleRoutes() {
  const { permissions } = useSession();
  const allowed = sectionsFor(permissions);
  const first = allowed[0]?.path ?? 'tokens';
  return (
    <HashRouter>
      <Routes>
        <Route element={<ConsoleLayout />}>
          {allowed.map((section) => (
            <Route key={section.path} path={section.path} element={PAGES[section.path as keyof typeof PAGES]} />
          ))}
          <Route path="*" element={<Navigate to={`/${first}`} replace />} />
        </Route>
      </Routes>
    </HashRouter>
  );
}
