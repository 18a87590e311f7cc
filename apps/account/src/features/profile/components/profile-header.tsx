import { useTranslation } from 'react-i18next';
import type { UserInfo } from '@app/contracts';
import { Badge } from '@app/ui';
import { NS } from '../../../i18n-namespace.ts';
import { maskPhone } from '../lib/mask-phone.ts';
import styles from './profile-header.module.css';

export function ProfileHeader({ user }: { user: UserInfo }) {
  const { t } = useTranslation(NS);
  return (
    <section className={styles.header} aria-label={t('mine.profile')}>
      <div className={styles.identity}>
        <span className={styles.avatar} aria-hidden="true">
          {user.account.slice(0, 1)}
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
