import { useTranslation } from 'react-i18next';
import type { ContractTerms } from '@app/contracts';
import { useFormatters } from '@app/i18n/client';
import { NS } from '../../../i18n-namespace.ts';
import { usePeriodLabel } from '../../../lib/period.ts';
import styles from './order-sheet.module.css';

/** The settlement periods with the payout % each pays on a win. */
export function PeriodChips({
  terms,
  value,
  onChange,
}: {
  terms: ContractTerms[];
  value: number;
  onChange: (seconds: number) => void;
}) {
  const { t } = useTranslation(NS);
  const f = useFormatters();
  const period = usePeriodLabel();
  return (
    <div className={styles.section}>
      <p className={styles.sectionTitle} id="period-label">
        {t('sheet.period')}
      </p>
      <div className={styles.chips} role="radiogroup" aria-labelledby="period-label">
        {terms.map((term) => (
          <button
            key={term.seconds}
            type="button"
            role="radio"
            aria-checked={term.seconds === value}
            className={styles.chip}
            onClick={() => onChange(term.seconds)}
          >
            <span className={styles.chipMain}>{period(term.seconds)}</span>
            <span className={styles.chipSub}>{t('sheet.payoutShort', { pct: f.number(term.payout_pct, 0) })}</span>
          </button>
        ))}
      </div>
    </div>
  );
}
