import { useTranslation } from 'react-i18next';
import type { LeaderStats } from '@app/contracts';
import { useFormatters } from '@app/i18n/client';
import { NS } from '../../../i18n-namespace.ts';
import { ChangeText } from '../../../lib/change-text.tsx';
import { SignedMoney } from '../../../lib/signed-money.tsx';
import { decided, versusBreakEven } from '../lib/leader-figures.ts';
import styles from './copy.module.css';

/**
 * A record's figures, each with its sample size: the server computes them all from the orders (the formulas
 * are in the README); this only lays them out.
 */
export function LeaderStatsGrid({ stats }: { stats: LeaderStats }) {
  const { t } = useTranslation(NS);
  const f = useFormatters();
  const pct = (v: string | null) => (v === null ? '—' : `${f.number(v, 2)} %`);
  const versus = versusBreakEven(stats.win_rate, stats.break_even_win_rate);
  return (
    <dl className={styles.grid} data-testid="leader-stats">
      <div>
        <dt>{t('copy.stats.winRate')}</dt>
        <dd>
          {pct(stats.win_rate)}
          <span className={styles.sample}>
            {t('copy.stats.decidedN', {
              count: decided(stats),
              draws: t('copy.stats.draws', { count: stats.draws }),
            })}
          </span>
        </dd>
      </div>
      <div>
        <dt>{t('copy.stats.breakEven')}</dt>
        <dd>
          {pct(stats.break_even_win_rate)}
          {versus && (
            <span className={styles.sample}>
              <span aria-hidden="true">{versus === 'above' ? '▲ ' : versus === 'below' ? '▼ ' : '= '}</span>
              {t(`copy.stats.versus.${versus}`)}
            </span>
          )}
        </dd>
      </div>
      <div>
        <dt>{t('copy.stats.pnlPct')}</dt>
        <dd>
          <ChangeText value={stats.pnl_pct} percent />
          <span className={styles.sample}>
            <SignedMoney value={stats.pnl} /> · {t('copy.stats.settledN', { count: stats.settled })}
          </span>
        </dd>
      </div>
      <div>
        <dt>{t('copy.stats.orders')}</dt>
        <dd>
          {f.number(stats.orders, 0)}
          <span className={styles.sample}>{t('copy.stats.openN', { count: stats.open })}</span>
        </dd>
      </div>
      <div>
        <dt>{t('copy.stats.avgStake')}</dt>
        <dd>
          {stats.avg_stake === null ? '—' : f.money(stats.avg_stake)}
          <span className={styles.sample}>{t('copy.stats.fees', { fees: f.money(stats.fees) })}</span>
        </dd>
      </div>
      <div>
        <dt>{t('copy.stats.drawdown')}</dt>
        <dd>
          {/* A drawdown is a fall: shown with its minus sign. */}
          {stats.max_drawdown === '0.00' ? f.money('0.00') : `−${f.money(stats.max_drawdown)}`}
          <span className={styles.sample}>{pct(stats.max_drawdown_pct)}</span>
        </dd>
      </div>
      <div>
        <dt>{t('copy.stats.followers')}</dt>
        <dd>{f.number(stats.followers, 0)}</dd>
      </div>
      <div>
        <dt>{t('copy.stats.followersPnl')}</dt>
        <dd>
          <SignedMoney value={stats.followers_pnl} />
          <span className={styles.sample}>{t('copy.stats.copiesN', { count: stats.follower_copies })}</span>
        </dd>
      </div>
    </dl>
  );
}

/** P/L month by month, in % of that month's settled stake, with the number of orders. */
export function MonthlyPnl({ stats }: { stats: LeaderStats }) {
  const { t } = useTranslation(NS);
  if (stats.monthly.length === 0) return null;
  return (
    <dl className={styles.grid} data-testid="leader-monthly">
      {stats.monthly.map((m) => (
        <div key={m.month}>
          <dt>{m.month}</dt>
          <dd>
            <ChangeText value={m.pnl_pct} percent />
            <span className={styles.sample}>{t('copy.stats.settledN', { count: m.orders })}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
