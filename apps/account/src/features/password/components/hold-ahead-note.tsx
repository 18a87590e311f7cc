import { useTranslation } from 'react-i18next';
import { NS } from '../../../i18n-namespace.ts';
import prose from '../../../lib/prose.module.css';
import { useGetWithdrawRulesQuery } from '../api/password-api.ts';

/**
 * Before a password change: how long it will hold withdrawals, from the platform's own setting, so the user
 * learns it before choosing, not at the withdraw page. Nothing while the rules load or when there is no hold.
 */
export function HoldAheadNote() {
  const { t } = useTranslation(NS);
  const { data } = useGetWithdrawRulesQuery();
  if (!data?.hold_hours) return null;
  return (
    <p className={prose.lead} data-testid="hold-ahead">
      {t('password.holdAhead', { count: data.hold_hours })}
    </p>
  );
}
