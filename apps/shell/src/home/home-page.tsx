import { useTranslation } from 'react-i18next';
import { selectIsLoggedIn, useAppSelector } from '@app/api-client';
import { ArrowDownIcon, ArrowUpIcon, Button, ChartIcon, GiftIcon, NavBar } from '@app/ui';
import { useNavigate } from 'react-router';
import { usePageMeta } from '@app/app-kit';
import { RemoteSlot } from '../remotes/remote-slot.tsx';
import { HOME_WIDGETS } from '../app/route-table.ts';
import styles from './home-page.module.css';

const SHORTCUTS = [
  { key: 'recharge', href: '#/pages/user/recharge', Icon: ArrowDownIcon },
  { key: 'withdraw', href: '#/pages/user/cash', Icon: ArrowUpIcon },
  { key: 'trade', href: '#/pages/trade/trade', Icon: ChartIcon },
  { key: 'invite', href: '#/pages/user/invite', Icon: GiftIcon },
] as const;

/**
 * Home: the shell's own page, composed from widgets that remotes expose (platform notices from account,
 * popular projects from invest). Each widget fails on its own without taking the page down.
 */
export function HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  // Home's document title is the app's name alone, with the app's description.
  usePageMeta();
  return (
    <div>
      <NavBar title={t('app.name')} variant="brand" />
      <main>
        <section className={styles.hero} aria-labelledby="home-hero-title">
          <h2 id="home-hero-title" className={styles.heroTitle}>
            {t('home.title')}
          </h2>
          <p className={styles.heroText}>{t('home.subtitle')}</p>
          {!loggedIn && (
            <div className={styles.heroActions}>
              <Button className={styles.heroButton} onClick={() => navigate('/pages/login/login')}>
                {t('home.login')}
              </Button>
              <Button
                variant="outline"
                className={styles.heroButtonGhost}
                onClick={() => navigate('/pages/login/register')}
              >
                {t('home.register')}
              </Button>
            </div>
          )}
        </section>
        <nav className={styles.shortcuts} aria-label={t('home.shortcuts')}>
          {SHORTCUTS.map(({ key, href, Icon }) => (
            <a key={key} href={href} className={styles.shortcut}>
              <span className={styles.shortcutIcon}>
                <Icon size={20} />
              </span>
              {t(`home.shortcut.${key}`)}
            </a>
          ))}
        </nav>
        <p className={styles.risk}>{t('home.risk')}</p>
        {HOME_WIDGETS.map(([remote, module]) => (
          <RemoteSlot key={`${remote}/${module}`} remote={remote} module={module} variant="widget" />
        ))}
      </main>
    </div>
  );
}
