import { useTranslation } from 'react-i18next';
import { ProjectIcon } from '@app/ui';
import { PagedList } from '@app/app-kit';
import { LinkButton } from '@app/ui/link-button';
import { NS } from '../../../i18n-namespace.ts';
import { useGetHoldingPagesInfiniteQuery, useGetYuebaoInfoQuery } from '../../../lib/invest-api.ts';
import { HoldingCard } from './holding-card.tsx';

/** The user's holdings by status, page by page; pulling refreshes them and the balance card. */
export function HoldingList({ status }: { status?: 1 | 2 | 3 }) {
  const { t } = useTranslation(NS);
  const query = useGetHoldingPagesInfiniteQuery({ status }, { refetchOnMountOrArgChange: true });
  const info = useGetYuebaoInfoQuery();
  return (
    <PagedList
      query={query}
      onRefresh={() => Promise.all([query.refetch(), info.refetch()])}
      empty={{
        icon: <ProjectIcon />,
        title: t('mine.empty'),
        action: <LinkButton href="#/pages/project/project">{t('mine.toProjects')}</LinkButton>,
      }}
      renderItem={(h) => <HoldingCard holding={h} />}
    />
  );
}
