import '../i18n-namespace.ts';
import { useTranslation } from 'react-i18next';
import { EmptyState, ProjectIcon } from '@app/ui';
import { NS } from '../i18n-namespace.ts';
import styles from './popular-projects.module.css';

/** Home's popular-projects widget. No project is open yet, so it says so and points to the list. */
export default function PopularProjects() {
  const { t } = useTranslation(NS);
  return (
    <section className={styles.card} aria-labelledby="popular-projects-title">
      <div className={styles.head}>
        <h2 id="popular-projects-title" className={styles.title}>
          {t('popular.title')}
        </h2>
        <a className={styles.more} href="#/pages/project/project">
          {t('popular.all')}
        </a>
      </div>
      <EmptyState compact headingLevel={3} icon={<ProjectIcon />} title={t('popular.empty')} />
    </section>
  );
}
