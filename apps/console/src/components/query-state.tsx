import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import ui from './ui.module.css';
import { errorText } from './error-text.ts';

/**
 * A list's loading, error and empty states; its children when there is something to show. The error is the
 * server's message, with a retry.
 */
export function QueryState({
  isLoading,
  error,
  isEmpty,
  empty,
  onRetry,
  children,
}: {
  isLoading: boolean;
  error: unknown;
  isEmpty: boolean;
  empty: ReactNode;
  onRetry?: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (isLoading)
    return (
      <div className={ui.state} role="status" aria-live="polite">
        <span className={ui.spinner} aria-hidden="true" />
        <span>{t('common.loading')}</span>
      </div>
    );
  if (error)
    return (
      <div className={ui.state} role="alert">
        <span>{errorText(error, t)}</span>
        {onRetry && (
          <button type="button" className={`${ui.button} ${ui.small}`} onClick={onRetry}>
            {t('common.retry')}
          </button>
        )}
      </div>
    );
  if (isEmpty) return <div className={ui.state}>{empty}</div>;
  return <>{children}</>;
}
