import { useTranslation } from 'react-i18next';
import { Button, EmptyState } from '@app/ui';
import { apiErrorText } from './api-error-text.ts';

/** A read that failed: the reason and a retry. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      title={apiErrorText(error, t)}
      action={
        <Button variant="outline" onClick={onRetry}>
          {t('actions.retry')}
        </Button>
      }
    />
  );
}
