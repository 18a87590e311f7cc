import { useTranslation } from 'react-i18next';
import { AlertIcon, Button, EmptyState } from '@app/ui';
import { apiErrorText } from './api-error-text.ts';
import { useRetryWhenOnline } from './use-retry-when-online.ts';

/**
 * A failed load: what happened in the user's language, and a retry. When the device comes back online the retry
 * happens by itself: a "Network error" left on screen after the network is back looked like the app was broken.
 */
export function LoadError({ error, onRetry, compact }: { error: unknown; onRetry: () => void; compact?: boolean }) {
  const { t } = useTranslation();
  useRetryWhenOnline(onRetry);
  return (
    // remote.widgetFailed: the nearest text of an older shell's `common`, which predates states.loadFailed.
    <div role="alert">
      <EmptyState
        compact={compact}
        icon={<AlertIcon />}
        title={t(['states.loadFailed', 'remote.widgetFailed'])}
        description={apiErrorText(error, t)}
        action={
          <Button variant="secondary" onClick={onRetry}>
            {t('actions.retry')}
          </Button>
        }
      />
    </div>
  );
}
