import { useTranslation } from 'react-i18next';
import { Delayed, Skeleton } from '@app/ui';

/** A wait: nothing for 200 ms, then a skeleton. */
export function Loading() {
  const { t } = useTranslation();
  return (
    <Delayed>
      <Skeleton lines={3} label={t('states.loading')} />
    </Delayed>
  );
}
