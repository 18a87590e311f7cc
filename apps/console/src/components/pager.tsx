import { useTranslation } from 'react-i18next';
import ui from './ui.module.css';

/** Page by page through a list; `hasMore` when the page came back full (review lists give no total). */
export function Pager({ page, hasMore, onPage }: { page: number; hasMore: boolean; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  if (page === 1 && !hasMore) return null;
  return (
    <nav className={ui.pager} aria-label={t('common.pages')}>
      <button
        type="button"
        className={`${ui.button} ${ui.small}`}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t('common.previous')}
      </button>
      <span>{t('common.page', { page })}</span>
      <button type="button" className={`${ui.button} ${ui.small}`} disabled={!hasMore} onClick={() => onPage(page + 1)}>
        {t('common.next')}
      </button>
    </nav>
  );
}
