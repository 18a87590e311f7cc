import { useTranslation } from 'react-i18next';
import type { TimelineStep } from '@app/contracts';
import { useFormatters } from '@app/i18n/client';
import { NS } from '../i18n-namespace.ts';
import styles from './wallet.module.css';

/** What happened to a recharge or a withdrawal, and when: submitted, reviewed by, credited or paid. */
export function Timeline({ steps }: { steps: TimelineStep[] }) {
  const { t } = useTranslation(NS);
  const f = useFormatters();
  return (
    <ol className={styles.timeline} aria-label={t('record.timeline')}>
      {steps.map((s, i) => (
        <li key={`${s.step}-${i}`}>
          <span className={styles.strong}>{t(`step.${s.step}`, { defaultValue: s.step })}</span>
          <br />
          <span className={styles.small}>
            {f.dateTime(s.at)}
            {s.by ? ` · ${t('record.by', { name: s.by })}` : ''}
          </span>
          {s.note && <p className={styles.note}>{t('record.reason', { reason: s.note })}</p>}
        </li>
      ))}
    </ol>
  );
}
