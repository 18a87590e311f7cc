import { useTranslation } from 'react-i18next';
import type { UserInfo } from '@app/contracts';
import { Badge } from '@app/ui';
import { NS } from '../../../i18n-namespace.ts';
import { useAvatarUrl } from '../../../lib/use-avatar-url.ts';
import { maskPhone } from '../lib/mask-phone.ts';
import styles from './profile-header.module.css';

export function ProfileHeader({ user }: { user: UserInfo }) {
  const { t } = useTranslation(NS);
  const picture = useAvatarUrl(user.avatar_id);
  return (
    <section className={styles.header} aria-label={t('mine.profile')}>
      <div className={styles.identity}>
        {/* The picture the user uploaded, else the account's initial; the name beside it says who it is. */}
        <span className={styles.avatar} aria-hidden="true">
          {picture ? <img src={picture} alt="" width={52} height={52} /> : user.account.slice(0, 1)}
        </span>
        <div>
          <p className={styles.name}>
            {user.account}
            {user.is_vip && <Badge tone="gold">{t('mine.vip')}</Badge>}
          </p>
          <p className={styles.meta}>
            {t('mine.phone')}: {maskPhone(user.phone)}
          </p>
          <p className={styles.meta}>
            {t('mine.inviteCode')}: {user.invite_code}
          </p>
        </div>
      </div>
    </section>
  );
}
