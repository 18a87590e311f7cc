import { useTranslation } from 'react-i18next';
import type { Plan } from '@app/contracts';
import { useFormatters } from '@app/i18n/client';
import { NS } from '../../../i18n-namespace.ts';
import styles from './plans.module.css';

/** One plan in a list: rate, period, minimum, progress and its phase; the whole card opens the plan. */
export function PlanCard({ plan }: { plan: Plan }) {
  const { t } = useTranslation(NS);
  const f = useFormatters();
  const progress = Math.min(100, Number(plan.progress));
  return (
    <a className={styles.card} href={`#/pages/project/details?id=${plan.id}`} data-testid="plan-card">
      <div className={styles.head}>
        <h3 className={styles.title}>{plan.title}</h3>
        <span className={styles.phase} data-phase={plan.phase}>
          {t(`phase.${plan.phase}`)}
        </span>
      </div>
      <div className={styles.figures}>
        <div className={styles.figure}>
          <span className={styles.rate}>{t('plan.ratePct', { rate: f.number(plan.terms.rate, 2) })}</span>
          <span className={styles.label}>{t('plan.yearlyRate')}</span>
        </div>
        <div className={styles.figure}>
          <span className={styles.value}>{t('plan.days', { count: plan.terms.period_days })}</span>
          <span className={styles.label}>{t('plan.period')}</span>
        </div>
        <div className={styles.figure}>
          <span className={styles.value}>{f.money(plan.start_amount)}</span>
          <span className={styles.label}>{t('plan.minimum')}</span>
        </div>
      </div>
      <div
        className={styles.bar}
        role="progressbar"
        aria-label={t('plan.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
      >
        <div className={styles.fill} style={{ width: `${progress}%` }} />
      </div>
      <div className={styles.progressLine}>
        <span>{t('plan.progressPct', { pct: f.number(plan.progress, 2) })}</span>
        <span>{t('plan.remaining', { amount: f.money(plan.remaining) })}</span>
      </div>
    </a>
  );
}

/** The shape of a card while the list loads: the same height, so nothing moves when data arrives. */
export function PlanCardSkeleton() {
  return <div className={styles.skeletonCard} aria-hidden="true" />;
}
