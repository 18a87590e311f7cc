import '../i18n-namespace.ts';
import { useTranslation } from 'react-i18next';
import { EmptyState, ProjectIcon } from '@app/ui';
import { NS } from '../i18n-namespace.ts';
import { useGetPopularPlansQuery } from '../lib/invest-api.ts';
import { PlanCard, PlanCardSkeleton } from '../features/plans/components/plan-card.tsx';
import styles from './popular-projects.module.css';

/** Home's popular-projects widget: up to three plans open for subscription, each opening its page. */
export default function PopularProjects() {
  const { t } = useTranslation(NS);
  const { data, isLoading, isError } = useGetPopularPlansQuery();
  const items = data?.items ?? [];
  return (
    <section className={styles.card} aria-labelledby="popular-projects-title" data-testid="popular-projects">
      <div className={styles.head}>
        <h2 id="popular-projects-title" className={styles.title}>
          {t('popular.title')}
        </h2>
        <a className={styles.more} href="#/pages/project/project">
          {t('popular.all')}
        </a>
      </div>
      {isLoading ? (
        <div className={styles.list} aria-hidden="true">
          <PlanCardSkeleton />
        </div>
      ) : items.length === 0 || isError ? (
        <EmptyState compact headingLevel={3} icon={<ProjectIcon />} title={t('popular.empty')} />
      ) : (
        <div className={styles.list}>
          {items.map((p) => (
            <PlanCard key={p.id} plan={p} />
          ))}
        </div>
      )}
    </section>
  );
}
