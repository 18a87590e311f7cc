import { useTranslation } from 'react-i18next';
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
        };
      })}
    />
  );
}
