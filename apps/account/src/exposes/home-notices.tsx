import '../i18n-namespace.ts';
import { useTranslation } from 'react-i18next';
import { BellIcon, EmptyState } from '@app/ui';
import { NS } from '../i18n-namespace.ts';
import styles from './home-notices.module.css';

/**
 * Home's notices widget. Platform notices have no feed yet (a later issue adds it), so it says there are
 * none rather than showing samples.
 */
export default function HomeNotices() {
  const { t } = useTranslation(NS);
  return (
    <section className={styles.card} aria-labelledby="home-notices-title">
      <h2 id="home-notices-title" className={styles.title}>
        {t('notices.title')}
      </h2>
      <EmptyState compact headingLevel={3} icon={<BellIcon />} title={t('notices.empty')} />
    </section>
  );
}
