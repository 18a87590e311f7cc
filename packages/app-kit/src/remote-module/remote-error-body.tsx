import { useTranslation } from 'react-i18next';
import { AlertIcon, Button, EmptyState } from '@app/ui';
import { RemoteLoadError } from './load-remote-module.ts';
import { useRetryWhenOnline } from '../use-retry-when-online.ts';

export type RemoteVariant = 'page' | 'widget';

/** A remote's failure in the user's language, with retry: a page's ("this page…") or a widget's ("this section…"). */
export function RemoteErrorBody({
  error,
  onRetry,
  variant,
}: {
  error: Error;
  onRetry: () => void;
  variant: RemoteVariant;
}) {
  const { t } = useTranslation();
  useRetryWhenOnline(onRetry);
  const timedOut = error instanceof RemoteLoadError && error.reason === 'timeout';
  return (
    <div role="alert">
      <EmptyState
        compact={variant === 'widget'}
        headingLevel={variant === 'widget' ? 3 : 2}
        icon={<AlertIcon />}
        title={t(variant === 'widget' ? 'remote.widgetFailed' : 'remote.failedTitle')}
        description={t(timedOut ? 'remote.timedOut' : 'remote.failedBody')}
        action={
          <Button variant="secondary" onClick={onRetry}>
            {t('actions.retry')}
          </Button>
        }
      />
    </div>
  );
}
