import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NavBar } from '@app/ui';
import { RemoteErrorBody, type RemoteVariant } from '@app/app-kit';
import { tabOf } from '../app/route-table.ts';
import styles from './remote-error-view.module.css';

/** A remote's failure, in the user's language, with retry, inside the remote's own slot. */
export function RemoteErrorView({
  error,
  onRetry,
  variant,
}: {
  error: Error;
  onRetry: () => void;
  variant: RemoteVariant;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const body = <RemoteErrorBody error={error} onRetry={onRetry} variant={variant} />;
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
