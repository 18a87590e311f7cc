import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useGetUserInfoQuery } from '@app/api-client';
import { ConfirmDialog } from '@app/ui';
import { NS } from '../../../i18n-namespace.ts';
import { useLogoutMutation } from '../api/session-api.ts';

/**
 * Exit login asks first, saying how the user signs in again (with a passkey too, when they have one); on confirm
 * the session ends on this device and the user lands on the login page. `beforeLogout` runs first, while the
 * session still exists (the page passes this device's push unsubscribe: best effort, bounded, never throws).
 */
export function LogoutConfirm({
  open,
  onClose,
  beforeLogout,
}: {
  open: boolean;
  onClose: () => void;
  beforeLogout?: () => Promise<void>;
}) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const factors = useGetUserInfoQuery().data?.second_factors;
  const passkeys = factors ? factors.passkeys : 0;
  const [logout, { isLoading }] = useLogoutMutation();
  const [leaving, setLeaving] = useState(false);
  return (
    <ConfirmDialog
      open={open}
      title={t('logout.title')}
      message={t(passkeys > 0 ? 'logout.messagePasskey' : 'logout.message')}
      confirmLabel={t('logout.confirm')}
      cancelLabel={t('actions.cancel', { ns: 'common' })}
      danger
      busy={isLoading || leaving}
      onCancel={onClose}
      onConfirm={async () => {
        if (leaving) return;
        setLeaving(true);
        await beforeLogout?.().catch(() => undefined);
        await logout().catch(() => undefined);
        setLeaving(false);
        onClose();
        navigate('/pages/login/login', { replace: true });
      }}
    />
  );
}
