import '../i18n-namespace.ts';
import { memo, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContentSummary } from '@app/contracts';
import { BellIcon, EmptyState } from '@app/ui';
import { NS } from '../i18n-namespace.ts';
import { useGetHomeQuery } from '../features/content/api/content-api.ts';
import styles from './home-notices.module.css';
import { NoticeTicker } from './notice-ticker.tsx';

/**
 * Home's notices widget: the latest platform notices in the reader's language, each shown once. The pinned ones
 * run through the marquee at the top; the list below holds the latest of the others.
 */
export default function HomeNotices() {
  const { data, isError } = useGetHomeQuery();
  // Rendered from a deferred copy of the answer: its arrival is a store update that React would otherwise
  // render in one task; deferred, the list is built in a render that yields to the browser.
  const notices = useDeferredValue(data?.notices);
  return <NoticesCard notices={notices ?? null} failed={isError} />;
}

/** The card: nothing while the answer is on its way, the empty state once it says there are none. */
const NoticesCard = memo(function NoticesCard({
  notices,
  failed,
}: {
  notices: ContentSummary[] | null;
  failed: boolean;
}) {
  const { t } = useTranslation(NS);
  const all = notices ?? [];
  const pinned = all.filter((n) => n.pinned);
  const list = all.filter((n) => !n.pinned).slice(0, 3);
  return (
    <section className={styles.card} aria-labelledby="home-notices-title" data-testid="home-notices">
      <div className={styles.head}>
        <h2 id="home-notices-title" className={styles.title}>
          {t('notices.title')}
        </h2>
        <a className={styles.all} href="#/pages/user/notice">
          {t('notices.all')}
        </a>
      </div>
      {pinned.length > 0 && <NoticeTicker notices={pinned} />}
      {all.length === 0 && (notices || failed) && (
        <EmptyState compact headingLevel={3} icon={<BellIcon />} title={t('notices.empty')} />
      )}
      {list.length > 0 && (
        <ul className={styles.list}>
          {list.map((n) => (
            <li key={n.id}>
              <a className={styles.item} href={`#/pages/user/notice?id=${n.id}`}>
                <BellIcon size={16} aria-hidden="true" />
                <span>
                  <span className={`${styles.itemTitle} ${styles.link}`}>{n.title}</span>
                  <span className={`${styles.summary} ${styles.link}`}>{n.summary}</span>
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
});
