import { useTranslation } from 'react-i18next';
import type { Plan } from '@app/contracts';
import { useFormatters } from '@app/i18n/client';
import { NS } from '../../../i18n-namespace.ts';
import styles from './plan-terms.module.css';

/** Every term of a plan, a plain example and the risk line: what a buyer agrees to. */
export function PlanTerms({ plan }: { plan: Plan }) {
  const { t } = useTranslation(NS);
  const f = useFormatters();
  const terms = plan.terms;
  const rows: Array<[string, string]> = [
    [t('terms.rate'), t('plan.ratePct', { rate: f.number(terms.rate, 2) })],
    [t('terms.effective'), t('plan.ratePct', { rate: f.number(terms.effective_yield, 2) })],
    [t('terms.dailyRate'), t('plan.ratePct', { rate: f.number(terms.daily_rate, 4) })],
    ...(terms.expected_rate
      ? [[t('terms.expected'), t('plan.ratePct', { rate: f.number(terms.expected_rate, 2) })] as [string, string]]
      : []),
    [t('plan.period'), t('plan.days', { count: terms.period_days })],
    [t('plan.minimum'), f.money(plan.start_amount)],
    [t('terms.topupMin'), f.money(plan.min_amount)],
    ...(terms.committed_amount ? [[t('terms.committed'), f.money(terms.committed_amount)] as [string, string]] : []),
    ...(plan.personal_cap ? [[t('terms.personalCap'), f.money(plan.personal_cap)] as [string, string]] : []),
    [t('terms.shareType'), t(`terms.shareName.${terms.share_type}`)],
    [t('terms.earlyExit'), t('terms.earlyExitValue', { rate: f.number(terms.early_exit_rate, 2) })],
    [t('terms.dayCount'), t('terms.actual365')],
    [t('terms.total'), f.money(plan.total)],
    [t('terms.invested'), f.money(plan.invested)],
    [t('plan.progress'), t('plan.progressPct', { pct: f.number(plan.progress, 2) })],
    [t('terms.buyers'), f.number(plan.purchased_count, 0)],
    [t('terms.window'), `${f.date(plan.start_time)} – ${f.date(plan.end_time)}`],
    [t('terms.posted'), f.date(plan.post_time)],
  ];
  return (
    <section className={styles.card} aria-labelledby="plan-terms-title">
      <h2 id="plan-terms-title" className={styles.heading}>
        {t('terms.title')}
      </h2>
      <dl className={styles.list}>
        {rows.map(([k, v]) => (
          <div key={k} className={styles.row}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      <p className={styles.example} data-testid="plan-example">
        {t('terms.example', {
          count: terms.period_days,
          interest: f.money(plan.example_interest),
          amount: f.money('100'),
        })}
      </p>
      <p className={styles.note}>{t('terms.rule')}</p>
      <p className={styles.note}>{t(`terms.share.${terms.share_type}`)}</p>
      <p className={styles.risk} data-testid="risk-line">
        {t('risk.line')}
      </p>
    </section>
  );
}
