import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LeaderSummary } from '@app/contracts';
import { useFormatters } from '@app/i18n/client';
import { NS } from '../../../i18n-namespace.ts';
import { ChangeText } from '../../../lib/change-text.tsx';
import { standingOf } from '../lib/leader-figures.ts';
import styles from './copy.module.css';

/** One leader in the list: standing, win rate beside break-even with its sample, P/L in % of stake, followers. */
export function LeaderCard({ leader, needed }: { leader: LeaderSummary; needed: number }) {
  const { t } = useTranslation(NS);
  const f = useFormatters();
  const standing = standingOf(leader, needed);
  return (
    <Link
      className={styles.card}
      to={{ pathname: '/pages/copy/leader', search: `?id=${leader.leader_id}` }}
      data-testid={`leader-${leader.leader_id}`}
    >
      <span className={styles.cardHead}>
        <span className={styles.name}>{leader.display_name}</span>
        <span className={styles.badge}>
          {standing.kind === 'ranked'
            ? t('copy.rank', { rank: standing.rank })
            : standing.kind === 'retired'
              ? t('copy.retired')
              : t('copy.notRanked')}
        </span>
      </span>
      {standing.kind === 'unranked' && (
        <span className={styles.meta}>
          {t('copy.sampleNeeded', { settled: standing.settled, count: standing.needed })}
        </span>
      )}
      <dl className={styles.grid}>
        <div>
          <dt>{t('copy.stats.winRate')}</dt>
          <dd>
            {leader.win_rate === null ? '—' : `${f.number(leader.win_rate, 2)} %`}
            <span className={styles.sample}>
              {t('copy.stats.breakEvenShort', {
                pct: leader.break_even_win_rate === null ? '—' : f.number(leader.break_even_win_rate, 2),
              })}
            </span>
          </dd>
        </div>
        <div>
          <dt>{t('copy.stats.pnlPct')}</dt>
          <dd>
            <ChangeText value={leader.pnl_pct} percent />
            <span className={styles.sample}>{t('copy.stats.settledN', { count: leader.settled })}</span>
          </dd>
        </div>
        <div>
          <dt>{t('copy.stats.orders')}</dt>
          <dd>{f.number(leader.orders, 0)}</dd>
        </div>
        <div>
          <dt>{t('copy.stats.followers')}</dt>
          <dd>{f.number(leader.followers, 0)}</dd>
        </div>
      </dl>
    </Link>
  );
}
