import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '@app/ui';
import { NS } from '../../../i18n-namespace.ts';
import { useLogoutMutation } from '../api/session-api.ts';

/** Exit login asks first; on confirm the session ends on this device and the user lands on the login page. */
export function LogoutConfirm({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const [logout, { isLoading }] = useLogoutMutation();
  return (
    <ConfirmDialog
      open={open}
      title={t('logout.title')}
      message={t('logout.message')}
      confirmLabel={t('logout.confirm')}
      cancelLabel={t('actions.cancel', { ns: 'common' })}
      danger
      busy={isLoading}
      onCancel={onClose}
      onConfirm={async () => {
        await logout().catch(() => undefined);
        onClose();
        navigate('/pages/login/login', { replace: true });
      }}
    />
  );
}
