import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AlertIcon, Button, EmptyState, NavBar } from '@app/ui';
import { tabOf } from '../app/route-table.ts';
import { RemoteLoadError } from './load-remote-module.ts';
import styles from './remote-error-view.module.css';

/** A remote's failure, in the user's language, with retry, inside the remote's own slot. */
export function RemoteErrorView({
  error,
  onRetry,
  variant,
}: {
  error: Error;
  onRetry: () => void;
  variant: 'page' | 'widget';
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const timedOut = error instanceof RemoteLoadError && error.reason === 'timeout';
  const body = (
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
  if (variant === 'widget') return <div className={styles.widget}>{body}</div>;
  // On a tab page the tab bar is the way out; elsewhere a back button is.
  const onTab = tabOf(pathname) !== null;
  return (
    <>
      <NavBar
        title={t('app.name')}
        onBack={onTab ? undefined : () => (window.history.length > 1 ? navigate(-1) : navigate('/'))}
        backLabel={t('actions.back')}
      />
      <main>{body}</main>
    </>
  );
}
