import '../i18n-namespace.ts';
import { useTranslation } from 'react-i18next';
import { BellIcon, EmptyState } from '@app/ui';
import { NS } from '../i18n-namespace.ts';
import { useGetHomeQuery } from '../features/content/content-api.ts';
import styles from './home-notices.module.css';
import { NoticeTicker } from './notice-ticker.tsx';

/** Home's notices widget: the latest platform notices (pinned first), in the reader's language. */
export default function HomeNotices() {
  const { t } = useTranslation(NS);
  const { data, isError } = useGetHomeQuery();
  const notices = data?.notices ?? [];
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
      {notices.length > 1 && <NoticeTicker notices={notices} />}
      {notices.length === 0 ? (
        data || isError ? (
          <EmptyState compact headingLevel={3} icon={<BellIcon />} title={t('notices.empty')} />
        ) : null
      ) : (
        <ul className={styles.list}>
          {notices.slice(0, 3).map((n) => (
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
}
