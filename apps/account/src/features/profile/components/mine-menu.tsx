import type { SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AlertIcon,
  Badge,
  BellIcon,
  CardIcon,
  Cell,
  CellGroup,
  DownloadIcon,
  ExchangeIcon,
  GiftIcon,
  GlobeIcon,
  HeadsetIcon,
  LogoutIcon,
  MessageIcon,
  PaletteIcon,
  ProjectIcon,
  ShareIcon,
  ShieldIcon,
  UserIcon,
  WalletIcon,
} from '@app/ui';
// New in this release of @app/ui: bundled here until every live shell provides it (docs/web-delivery.md).
import { NewsIcon } from '@app/ui/icons';
import type { Badges } from '@app/contracts';
import { LANGUAGE_NAMES, isLanguage } from '@app/i18n/client';
import { NS } from '../../../i18n-namespace.ts';

/**
 * The spec's user-centre menu, in its order; each item leads to its route. Exchange and My projects follow My
 * account, News the notices (each was hard to find otherwise); the activity center (check-in) and customer
 * service follow: the spec's pages, and where the support answers' badge shows.
 */
const ITEMS = [
  { key: 'myAccount', label: 'mine.menu.myAccount', href: '#/pages/user/wallet', Icon: WalletIcon },
  { key: 'exchange', label: 'mine.menu.exchange', href: '#/pages/user/wallet?view=exchange', Icon: ExchangeIcon },
  { key: 'myProjects', label: 'mine.menu.myProjects', href: '#/pages/project/myproject', Icon: ProjectIcon },
  { key: 'userInfo', label: 'mine.menu.userInfo', href: '#/pages/user/info', Icon: UserIcon },
  { key: 'bindBank', label: 'mine.menu.bindBank', href: '#/pages/payment/bindbank', Icon: CardIcon },
  { key: 'sharePoster', label: 'mine.menu.sharePoster', href: '#/pages/user/poster', Icon: ShareIcon },
  { key: 'security', label: 'mine.menu.security', href: '#/pages/user/security', Icon: ShieldIcon },
  { key: 'download', label: 'mine.menu.download', href: '#/pages/download/download', Icon: DownloadIcon },
  { key: 'messages', label: 'mine.menu.messages', href: '#/pages/user/message', Icon: MessageIcon },
  { key: 'notice', label: 'mine.menu.notice', href: '#/pages/user/notice', Icon: BellIcon },
  { key: 'news', label: 'mine.menu.news', href: '#/pages/news/news', Icon: NewsIcon },
  { key: 'activityCenter', label: 'mine.menu.activityCenter', href: '#/pages/user/activityCenter', Icon: GiftIcon },
  { key: 'support', label: 'mine.menu.support', href: '#/pages/customer/customer', Icon: HeadsetIcon },
  { key: 'cases', label: 'mine.menu.cases', href: '#/pages/user/cases', Icon: AlertIcon },
] as const;

/** A phone with a notification on it: Notifications (Bell is the platform notices'), drawn like @app/ui's icons. */
function PushIcon({ size = 24, ...rest }: SVGProps<SVGSVGElement> & { size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      <path d="M13 3H8a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2v-7" />
      <path d="M11 18h2" />
      <circle cx="18" cy="6" r="3" />
    </svg>
  );
}

/** Unread counts shown as badges: messages on the messages item, support answers on customer service. */
function UnreadBadge({ count, testId }: { count: number; testId: string }) {
  const { t } = useTranslation(NS);
  if (count <= 0) return null;
  return (
    <span data-testid={testId} aria-label={t('inbox.unread', { count })}>
      <Badge tone="primary">{count > 99 ? '99+' : count}</Badge>
    </span>
  );
}

export function MineMenu({ onLogout, badges }: { onLogout: () => void; badges?: Badges }) {
  const { t, i18n } = useTranslation(NS);
  const languageName = isLanguage(i18n.language) ? LANGUAGE_NAMES[i18n.language] : LANGUAGE_NAMES.en;
  return (
    <>
      <CellGroup>
        {ITEMS.map(({ key, label, href, Icon }) => (
          <Cell
            key={key}
            title={t(label)}
            href={href}
            icon={<Icon size={22} />}
            value={
              key === 'messages' && badges?.messages ? (
                <UnreadBadge count={badges.messages} testId="messages-badge" />
              ) : key === 'support' && badges?.support ? (
                <UnreadBadge count={badges.support} testId="support-badge" />
              ) : undefined
            }
          />
        ))}
        <Cell
          title={t('mine.menu.language')}
          value={languageName}
          href="#/pages/user/language"
          icon={<GlobeIcon size={22} />}
        />
        <Cell title={t('mine.menu.display')} href="#/pages/user/display" icon={<PaletteIcon size={22} />} />
        <Cell title={t('mine.menu.notifications')} href="#/pages/user/notifications" icon={<PushIcon size={22} />} />
      </CellGroup>
      <CellGroup>
        <Cell title={t('mine.menu.logout')} onClick={onLogout} icon={<LogoutIcon size={22} />} danger arrow={false} />
      </CellGroup>
    </>
  );
}
