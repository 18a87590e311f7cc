import '../i18n-namespace.ts';
import { useTranslation } from 'react-i18next';
import { BellIcon, EmptyState } from '@app/ui';
import { NS } from '../i18n-namespace.ts';
import { useGetHomeQuery } from '../features/content/content-api.ts';
import styles from './home-notices.module.css';

/** Home's notices widget: the latest platform notices (pinned first), in the reader's language. */
export default function HomeNotices() {
  const { t } = useTranslation(NS);
  const { data, isError } = useGetHomeQuery();
  const notices = data?.notices ?? [];
  return (
    <section className={styles.card} aria-labelledby="home-notices-title" data-testid="home-notices">
      <h2 id="home-notices-title" className={styles.title}>
        {t('notices.title')}
      </h2>
      {notices.length === 0 ? (
        data || isError ? (
          <EmptyState compact headingLevel={3} icon={<BellIcon />} title={t('notices.empty')} />
        ) : null
      ) : (
        <ul className={styles.list}>
          {notices.slice(0, 3).map((n) => (
            <li key={n.id} className={styles.item}>
              <BellIcon size={16} aria-hidden="true" />
              <div>
                <p className={styles.itemTitle}>{n.title}</p>
                <p className={styles.summary}>{n.summary}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
