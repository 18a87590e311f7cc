import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { selectIsLoggedIn, useAppSelector, useGetBadgesQuery } from '@app/api-client';
import { HomeIcon, MineIcon, OrderIcon, ProjectIcon, TabBar } from '@app/ui';
import { TABS, type TabKey } from './route-table.ts';

const ICONS: Record<TabKey, typeof HomeIcon> = {
  home: HomeIcon,
  project: ProjectIcon,
  order: OrderIcon,
  mine: MineIcon,
};

/** Labels come from i18next, so they change in the same render as the language. */
export function ShellTabBar({ current }: { current: TabKey }) {
  const { t } = useTranslation();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  // Unread messages wait under Mine: the tab says so wherever the user is (read ones clear it: tag 'Inbox').
  const { data: badges, refetch } = useGetBadgesQuery(undefined, { skip: !loggedIn });
  // Asked again at each change of tab: a message may have arrived meanwhile (one small request per tap).
  useEffect(() => {
    if (loggedIn && badges) void refetch();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a change of tab asks again
  }, [current]);
  const unread = badges?.messages ?? 0;
  return (
    <TabBar
      label={t('tabs.label')}
      items={TABS.map((tab) => {
        const Icon = ICONS[tab.key];
        return {
          key: tab.key,
          href: tab.href,
          label: t(`tabs.${tab.key}`),
          icon: <Icon />,
          active: tab.key === current,
          ...(tab.key === 'mine' && unread > 0 ? { badge: { count: unread, label: t('tabs.unread') } } : {}),
        };
      })}
    />
  );
}
