import { useTranslation } from 'react-i18next';
import type { LeaderSort, LeaderSummary } from '@app/contracts';
import { UserIcon } from '@app/ui';
import { LinkButton } from '@app/ui/link-button';
import { PagedList } from '@app/app-kit';
import { NS } from '../../../i18n-namespace.ts';
import { useGetLeaderPagesInfiniteQuery } from '../api/copy-api.ts';
import { LeaderCard } from './leader-card.tsx';
import styles from './copy.module.css';

const leaderKey = (l: LeaderSummary) => l.leader_id;

/** Leaders page by page: ranked ones in the chosen order, then those not ranked yet, never mixed in. */
export function LeaderList({ sort, status }: { sort: LeaderSort; status: 'active' | 'retired' | 'all' }) {
  const { t } = useTranslation(NS);
  const query = useGetLeaderPagesInfiniteQuery({ sort, status }, { refetchOnMountOrArgChange: true });
  const needed = query.data?.pages[0]?.terms.min_ranked_orders ?? 30;
  return (
    <PagedList
      query={query}
      getKey={leaderKey}
      renderItem={(l) => <LeaderCard leader={l} needed={needed} />}
      className={styles.list}
      testId="leader-list"
      empty={{
        icon: <UserIcon />,
        title: t('copy.noLeaders'),
        description: t('copy.noLeadersBody'),
        action: <LinkButton href="#/pages/copy/lead">{t('copy.becomeLeader')}</LinkButton>,
      }}
    />
  );
}
