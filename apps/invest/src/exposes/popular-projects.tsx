import '../i18n-namespace.ts';
import { memo, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import type { Plan } from '@app/contracts';
import { EmptyState, ProjectIcon } from '@app/ui';
import { NS } from '../i18n-namespace.ts';
import { useGetPopularPlansQuery } from '../lib/invest-api.ts';
import { PlanCard, PlanCardSkeleton } from '../features/plans/components/plan-card.tsx';
import styles from './popular-projects.module.css';

/** Home's popular-projects widget: up to three plans open for subscription, each opening its page. */
export default function PopularProjects() {
  const { data, isError } = useGetPopularPlansQuery();
  // Rendered from a deferred copy of the answer: its arrival is a store update that React would otherwise
  // render in one task; deferred, the cards are built in a render that yields to the browser.
  const plans = useDeferredValue(data?.items);
  return <PopularCard plans={plans ?? null} failed={isError} />;
}

/** The card: a placeholder until the plans are here, the empty state when none is open. */
const PopularCard = memo(function PopularCard({ plans, failed }: { plans: Plan[] | null; failed: boolean }) {
  const { t } = useTranslation(NS);
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
      {!plans && !failed ? (
        <div className={styles.list} aria-hidden="true">
          <PlanCardSkeleton />
        </div>
      ) : !plans || plans.length === 0 ? (
        <EmptyState compact headingLevel={3} icon={<ProjectIcon />} title={t('popular.empty')} />
      ) : (
        <div className={styles.list}>
          {plans.map((p) => (
            <PlanCard key={p.id} plan={p} />
          ))}
        </div>
      )}
    </section>
  );
});
