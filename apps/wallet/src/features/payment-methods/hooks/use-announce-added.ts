import { useTranslation } from 'react-i18next';
import type { PaymentMethod } from '@app/contracts';
import { useFormatters } from '@app/i18n/client';
import { useToast } from '@app/ui';
import { NS } from '../../../i18n-namespace.ts';

/**
 * Says a method was added, and, where the new destination starts a withdrawal hold, until when: the hold is
 * announced where it starts, not found out on the withdraw page.
 */
export function useAnnounceAdded(): (added: PaymentMethod) => void {
  const { t } = useTranslation(NS);
  const f = useFormatters();
  const toast = useToast();
  return (added) =>
    toast.info(
      added.hold_until !== null ? t('bindHold', { time: f.dateTime(added.hold_until) }) : t('added', { ns: 'errors' }),
    );
}
