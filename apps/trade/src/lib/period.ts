import { useTranslation } from 'react-i18next';
import { NS } from '../i18n-namespace.ts';

/** A settlement period in words: "30 s", "5 min". */
export function usePeriodLabel() {
  const { t } = useTranslation(NS);
  return (seconds: number) =>
    seconds >= 60 && seconds % 60 === 0
      ? t('period.minutes', { n: seconds / 60 })
      : t('period.seconds', { n: seconds });
}
