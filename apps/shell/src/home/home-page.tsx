import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { selectIsLoggedIn, useAppSelector } from '@app/api-client';
import { ArrowDownIcon, ArrowUpIcon, BellIcon, Button, CheckIcon, GiftIcon, HeadsetIcon, NavBar } from '@app/ui';
import { useNavigate } from 'react-router';
import { TotalAssetsCard, useBrandName, usePageMeta } from '@app/app-kit';
import { RemoteSlot } from '../remotes/remote-slot.tsx';
import { HOME_WIDGETS } from '../app/route-table.ts';
import { remoteExposes, type RemoteName } from '../remotes/remote-manifest.ts';
import styles from './home-page.module.css';

const SHORTCUTS = [
  { key: 'recharge', href: '#/pages/user/recharge', Icon: ArrowDownIcon },
  { key: 'withdraw', href: '#/pages/user/cash', Icon: ArrowUpIcon },
  { key: 'invite', href: '#/pages/user/invite', Icon: GiftIcon },
  { key: 'service', href: '#/pages/customer/customer', Icon: HeadsetIcon },
  { key: 'checkin', href: '#/pages/user/activityCenter', Icon: CheckIcon },
  { key: 'notices', href: '#/pages/user/notice', Icon: BellIcon },
] as const;

/** The widget that sits at the top of Home, right under the shortcuts; the others follow the risk line. */
const TOP_WIDGET = 'home-banner';

/**
 * Each widget loads after the first paint into a box of its final height (set per widget in the CSS), so
 * nothing on Home moves when it arrives (no layout shift).
 */
function WidgetSlot({ remote, module, belowFold }: { remote: RemoteName; module: string; belowFold: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  const near = useNearScreen(box, belowFold);
  // A remote released before this widget existed (the shell is newer): Home simply goes without it.
  if (!remoteExposes(remote, module)) return null;
  return (
    <div ref={box} className={styles[`slot-${module}`]} data-widget={`${remote}/${module}`}>
      {near && <RemoteSlot remote={remote} module={module} variant="widget" />}
    </div>
  );
}

/** Whether the element has come near the screen (always, when not deferred or without IntersectionObserver). */
function useNearScreen(ref: RefObject<HTMLElement | null>, deferred: boolean): boolean {
  const [near, setNear] = useState(() => !deferred || typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          setNear(true);
        }
      },
      // At the screen's edge: a widget just below the fold of a phone is not part of Home's first load.
      { rootMargin: '0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near, ref]);
  return near;
}

/**
 * Home: the shell's own page, composed from widgets that remotes expose (banners and platform notices from
 * account, the live quotes strip from trade, popular projects from invest). Each widget fails on its own
 * without taking the page down.
 */
export function HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  // Home's document title is the app's name alone (the operators' brand once set), with the app's description.
  usePageMeta();
  const brand = useBrandName();
  return (
    <div>
      <NavBar title={brand} variant="brand" />
      <main>
        <section className={styles.hero} aria-labelledby="home-hero-title">
          <h2 id="home-hero-title" className={styles.heroTitle}>
            {t('home.title')}
          </h2>
          <p className={styles.heroText}>{t('home.subtitle')}</p>
          {loggedIn ? (
            // A logged-in user sees what they own first: the same total as Mine, My assets, Exchange, the statement.
            <TotalAssetsCard className={styles.heroAssets} />
          ) : (
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
        {HOME_WIDGETS.filter(([, module]) => module === TOP_WIDGET).map(([remote, module, belowFold]) => (
          <WidgetSlot key={`${remote}/${module}`} remote={remote} module={module} belowFold={belowFold} />
        ))}
        <p className={styles.risk}>{t('home.risk')}</p>
        {HOME_WIDGETS.filter(([, module]) => module !== TOP_WIDGET).map(([remote, module, belowFold]) => (
          <WidgetSlot key={`${remote}/${module}`} remote={remote} module={module} belowFold={belowFold} />
        ))}
      </main>
    </div>
  );
}
