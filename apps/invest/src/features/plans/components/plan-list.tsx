import { useTranslation } from 'react-i18next';
import type { PlanFilter } from '@app/contracts';
import { ProjectIcon } from '@app/ui';
import { PagedList } from '@app/app-kit';
import { LinkButton } from '@app/ui/link-button';
import { NS } from '../../../i18n-namespace.ts';
import { useGetPlanPagesInfiniteQuery } from '../../../lib/invest-api.ts';
import { PlanCard, PlanCardSkeleton } from './plan-card.tsx';
import styles from './plans.module.css';

/** Plans page by page, pull to refresh; three card-shaped placeholders while the first page loads. */
export function PlanList({ filter }: { filter: PlanFilter }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const query = useGetPlanPagesInfiniteQuery(filter);
  return (
    <div className={styles.list}>
      <PagedList
        query={query}
        loading={
          <div aria-busy="true" aria-label={tc('states.loading')}>
            <PlanCardSkeleton />
            <PlanCardSkeleton />
            <PlanCardSkeleton />
          </div>
        }
        empty={{
          icon: <ProjectIcon />,
          title: t(filter === 'ended' ? 'project.emptyEnded' : 'project.empty'),
          description: t('project.emptyBody'),
          action: (
            <LinkButton variant="secondary" href="#/pages/project/myproject">
              {t('project.toMine')}
            </LinkButton>
          ),
        }}
        renderItem={(p) => <PlanCard plan={p} />}
      />
    </div>
  );
}
