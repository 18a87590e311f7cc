import { useTranslation } from 'react-i18next';
import { useFormatters } from '@app/i18n/client';
import { useLazyGetWithdrawRulesQuery } from '../api/password-api.ts';

/**
 * After a password change: the withdrawal hold it started, in words ("… on hold until <time>"), or null. Said
 * where the hold starts, so the withdraw page is not where the user first hears of it.
 */
export function useHoldNote(): () => Promise<string | null> {
  const { t } = useTranslation();
  const f = useFormatters();
  const [rules] = useLazyGetWithdrawRulesQuery();
  return async () => {
    const info = await rules()
      .unwrap()
      .catch(() => null);
    return info?.hold_until ? t('withdraw_on_hold', { ns: 'errors', until: f.dateTime(info.hold_until) }) : null;
  };
}
