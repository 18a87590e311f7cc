import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useGetUserInfoQuery } from '@app/api-client';
import { ConfirmDialog } from '@app/ui';
import { NS } from '../../../i18n-namespace.ts';
import { useLogoutMutation } from '../api/session-api.ts';

/**
 * Exit login asks first, saying how the user signs in again (with a passkey too, when they have one); on confirm
 * the session ends on this device and the user lands on the login page.
 */
export function LogoutConfirm({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const factors = useGetUserInfoQuery().data?.second_factors;
  const passkeys = factors ? factors.passkeys : 0;
  const [logout, { isLoading }] = useLogoutMutation();
  return (
    <ConfirmDialog
      open={open}
      title={t('logout.title')}
      message={t(passkeys > 0 ? 'logout.messagePasskey' : 'logout.message')}
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
