import { useTranslation } from 'react-i18next';
import { EyeIcon, EyeOffIcon, NavBarButton } from '@app/ui';
import { NS } from '../i18n-namespace.ts';

/** Shows or hides a password; the name says what pressing it will do. */
export function PasswordToggle({ visible, onToggle }: { visible: boolean; onToggle: () => void }) {
  const { t } = useTranslation(NS);
  return (
    <NavBarButton
      onClick={onToggle}
      aria-label={t(visible ? 'form.hidePassword' : 'form.showPassword')}
      aria-pressed={visible}
    >
      {visible ? <EyeOffIcon size={20} /> : <EyeIcon size={20} />}
    </NavBarButton>
  );
}
