import { useTranslation } from 'react-i18next';
import { Delayed, Skeleton } from '@app/ui';

/** Placeholder lines that appear only once a wait passes 200 ms. */
export function Loading({ lines = 4 }: { lines?: number }) {
  const { t } = useTranslation();
  return (
    <Delayed>
      <div style={{ padding: 'var(--space-4)' }}>
        <Skeleton lines={lines} label={t('states.loading')} />
      </div>
    </Delayed>
  );
}
