import { useTranslation } from 'react-i18next';
import { NS } from '../../../i18n-namespace.ts';
import styles from './quote-search.module.css';

const SearchIcon = () => (
  <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </svg>
);

/** Search by symbol or name across every class. */
export function QuoteSearch({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation(NS);
  return (
    <form className={styles.search} role="search" onSubmit={(e) => e.preventDefault()}>
      <label className={styles.box}>
        <SearchIcon />
        <span className="visually-hidden">{t('quotes.search')}</span>
        <input
          className={styles.input}
          type="search"
          value={value}
          maxLength={32}
          placeholder={t('quotes.searchPlaceholder')}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => onChange(e.target.value)}
        />
      </label>
    </form>
  );
}
