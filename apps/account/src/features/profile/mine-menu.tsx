import { useTranslation } from 'react-i18next';
import {
  Badge,
  BellIcon,
  CardIcon,
  Cell,
  CellGroup,
  DownloadIcon,
  GlobeIcon,
  LogoutIcon,
  MessageIcon,
  PaletteIcon,
  ShareIcon,
  ShieldIcon,
  UserIcon,
  WalletIcon,
} from '@app/ui';
import { LANGUAGE_NAMES, isLanguage } from '@app/i18n/client';
import { NS } from '../../i18n-namespace.ts';

/** The spec's user-centre menu, in its order; each item leads to its route. */
const ITEMS = [
  { key: 'myAccount', href: '#/pages/user/wallet', Icon: WalletIcon },
  { key: 'userInfo', href: '#/pages/user/info', Icon: UserIcon },
  { key: 'bindBank', href: '#/pages/payment/bindbank', Icon: CardIcon },
  { key: 'sharePoster', href: '#/pages/user/poster', Icon: ShareIcon },
  { key: 'security', href: '#/pages/user/security', Icon: ShieldIcon },
  { key: 'download', href: '#/pages/download/download', Icon: DownloadIcon },
  { key: 'messages', href: '#/pages/user/message', Icon: MessageIcon },
  { key: 'notice', href: '#/pages/user/notice', Icon: BellIcon },
] as const;

/** `unread`: unread messages, shown as a badge on the messages item. */
export function MineMenu({ onLogout, unread = 0 }: { onLogout: () => void; unread?: number }) {
  const { t, i18n } = useTranslation(NS);
  const languageName = isLanguage(i18n.language) ? LANGUAGE_NAMES[i18n.language] : LANGUAGE_NAMES.en;
  return (
    <>
      <CellGroup>
        {ITEMS.map(({ key, href, Icon }) => (
          <Cell
            key={key}
            title={t(`mine.menu.${key}`)}
            href={href}
            icon={<Icon size={22} />}
            value={
              key === 'messages' && unread > 0 ? (
                <span data-testid="messages-badge" aria-label={t('inbox.unread', { count: unread })}>
                  <Badge tone="primary">{unread > 99 ? '99+' : unread}</Badge>
                </span>
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
      </CellGroup>
      <CellGroup>
        <Cell title={t('mine.menu.logout')} onClick={onLogout} icon={<LogoutIcon size={22} />} danger arrow={false} />
      </CellGroup>
    </>
  );
}
