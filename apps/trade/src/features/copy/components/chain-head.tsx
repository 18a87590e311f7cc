import { useTranslation } from 'react-i18next';
import type { CopyRecord } from '@app/contracts';
import { NS } from '../../../i18n-namespace.ts';
import styles from './copy.module.css';

/**
 * The proof of record: the head of the record's hash chain, and how anyone re-checks it. Each entry carries
 * the hash of the one before, so removing or changing any order afterwards changes this head.
 */
export function ChainHead({ record }: { record: CopyRecord }) {
  const { t } = useTranslation(NS);
  return (
    <div data-testid="chain-head">
      <p className={styles.text}>{t('copy.chain.what', { count: record.entries })}</p>
      <code className={styles.hash} aria-label={t('copy.chain.headLabel')}>
        {record.head_hash}
      </code>
      <p className={styles.text}>{t('copy.chain.how')}</p>
      <a
        className={styles.link}
        href={`/api/copy/chain?record_id=${record.id}`}
        target="_blank"
        rel="noreferrer"
        data-testid="chain-link"
      >
        {t('copy.chain.download')}
      </a>
    </div>
  );
}
