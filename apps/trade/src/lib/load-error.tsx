import { useTranslation } from 'react-i18next';
import { AlertIcon, Button, EmptyState } from '@app/ui';
import { NS } from '../i18n-namespace.ts';
import { apiErrorText } from './api-error-text.ts';

/** A failed load: what happened in the user's language, and a retry. */
export function LoadError({ error, onRetry, compact }: { error: unknown; onRetry: () => void; compact?: boolean }) {
  const { t } = useTranslation(NS);
  return (
    <div role="alert">
      <EmptyState
        compact={compact}
        icon={<AlertIcon />}
        title={t('states.loadFailed')}
        description={apiErrorText(error, t)}
        action={
          <Button variant="secondary" onClick={onRetry}>
            {t('actions.retry', { ns: 'common' })}
          </Button>
        }
      />
    </div>
  );
}
