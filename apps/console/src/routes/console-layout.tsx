import { useState } from 'react';
import { NavLink, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../components/language-switch.tsx';
import ui from '../components/ui.module.css';
import { SearchBox } from '../features/search/components/search-box.tsx';
import { useSignOutMutation } from '../features/session/api/session-api.ts';
import { useAppDispatch, usePermission, useSession } from '../lib/hooks.ts';
import { sessionEnded } from '../lib/session-slice.ts';
import { sectionsFor } from './sections.ts';
import { useLiveQueues } from '../lib/live-queues.ts';
import styles from './console-layout.module.css';

/**
 * The signed-in console: who is signed in, search everything (for roles that read users; "/" from any page), the
 * sections their role allows, the language and signing out.
 */
export function ConsoleLayout() {
  const { t } = useTranslation();
  const session = useSession();
  const mayReadUsers = usePermission('users.read');
  const dispatch = useAppDispatch();
  const [signOut] = useSignOutMutation();
  const [leaving, setLeaving] = useState(false);
  const operator = session.operator;
  const waiting = useLiveQueues(Boolean(operator));
  if (!operator) return null;

  const leave = async () => {
    setLeaving(true);
    // Whatever the answer (an ended session answers 401), the page forgets the session.
    await signOut().catch(() => undefined);
    dispatch(sessionEnded('signed_out'));
  };

  return (
    <div className={styles.shell}>
      <aside className={styles.sidebar}>
        <div className={styles.brand}>{t('app.name')}</div>
        <div className={styles.who} data-testid="who">
          <span className={styles.whoName}>{operator.name}</span>
          <span className={styles.whoRole}>{t(`roles.${operator.role}`)}</span>
        </div>
        {mayReadUsers && (
          <div className={styles.search}>
            <SearchBox />
          </div>
        )}
        <nav className={styles.nav} aria-label={t('nav.label')}>
          {sectionsFor(session.permissions).map((section) => (
            <NavLink
              key={section.path}
              to={`/${section.path}`}
              className={({ isActive }) => `${styles.link} ${isActive ? styles.active : ''}`}
            >
              {t(section.labelKey)}
              {section.queue && (waiting[section.queue] ?? 0) > 0 && (
                <span
                  className={styles.count}
                  data-testid={`waiting-${section.queue}`}
                  aria-label={t('nav.waiting', { count: waiting[section.queue] })}
                >
                  {waiting[section.queue]}
                </span>
              )}
            </NavLink>
          ))}
        </nav>
        <div className={styles.bottom}>
          <LanguageSwitch />
          <button type="button" className={`${ui.button} ${ui.small}`} onClick={leave} disabled={leaving}>
            {t('nav.signOut')}
          </button>
        </div>
      </aside>
      <main className={styles.main}>
        <Outlet />
      </main>
    </div>
  );
}
