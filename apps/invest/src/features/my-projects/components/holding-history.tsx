import { useTranslation } from 'react-i18next';
import type { Holding } from '@app/contracts';
import { useFormatters } from '@app/i18n/client';
import { Button } from '@app/ui';
import { NS } from '../../../i18n-namespace.ts';
import { useGetAccrualsQuery, useGetProjectOrderPagesInfiniteQuery } from '../../../lib/invest-api.ts';
import { labelToSeconds } from '../../../lib/plan-math.ts';
import { accrualCsv, download } from '../lib/accrual-csv.ts';
import styles from './my-projects.module.css';

/** A holding's moves (buy, top-ups as lots of their own, renewals, payouts, stop, maturity) and daily credits. */
export function HoldingHistory({ holding }: { holding: Holding }) {
  const { t } = useTranslation(NS);
  const f = useFormatters();
  const orders = useGetProjectOrderPagesInfiniteQuery({ holdingId: holding.id });
  const accruals = useGetAccrualsQuery(holding.id);
  const moves = (orders.data?.pages ?? []).flatMap((p) => p.items);
  const credits = accruals.data?.items ?? [];
  const csv = () => {
    if (!accruals.data) return;
    const text = accrualCsv(accruals.data, {
      day: t('csv.day'),
      lot: t('csv.lot'),
      amount: t('csv.amount'),
      held: t('csv.held'),
      total: t('csv.total'),
    });
    download(`yuebao-${holding.id}-accruals.csv`, text);
  };
  return (
    <div className={styles.history}>
      <h4 className={styles.sectionTitle}>{t('holding.lots')}</h4>
      <ul className={styles.historyList}>
        {holding.lots.map((l) => (
          <li key={l.id}>
            <span>
              {t(`lot.${l.kind}`)} · {f.date(labelToSeconds(l.first_day))} – {f.date(labelToSeconds(l.last_day))}
            </span>
            <span>{f.money(l.principal)}</span>
          </li>
        ))}
      </ul>
      <h4 className={styles.sectionTitle}>{t('holding.moves')}</h4>
      <ul className={styles.historyList}>
        {moves.map((o) => (
          <li key={o.id}>
            <span>
              {t(`orderKind.${o.kind}`)} <span className={styles.muted}>{f.dateTime(o.created_at)}</span>
            </span>
            <span>
              {o.amount !== '0.00' && f.money(o.amount)}
              {o.interest !== '0.00' && ` + ${f.money(o.interest)}`}
            </span>
          </li>
        ))}
      </ul>
      {orders.hasNextPage && (
        <Button
          size="sm"
          variant="ghost"
          onClick={() => void orders.fetchNextPage()}
          loading={orders.isFetchingNextPage}
        >
          {t('actions.more', { ns: 'common' })}
        </Button>
      )}
      <h4 className={styles.sectionTitle}>{t('holding.credits')}</h4>
      {credits.length === 0 ? (
        <p className={styles.muted}>{t('holding.noCredits')}</p>
      ) : (
        <ul className={styles.historyList}>
          {credits.slice(0, 30).map((a) => (
            <li key={`${a.lot_id}-${a.day}`}>
              <span>
                {f.date(labelToSeconds(a.day))} <span className={styles.muted}>{t(`lotShort`, { id: a.lot_id })}</span>
              </span>
              <span>{f.money(a.amount)}</span>
            </li>
          ))}
        </ul>
      )}
      {accruals.data && (
        <p className={styles.muted}>
          {t('holding.creditsTotal', { amount: f.money(accruals.data.total), count: credits.length })}
        </p>
      )}
      <Button size="sm" variant="outline" onClick={csv} disabled={!accruals.data}>
        {t('holding.csv')}
      </Button>
    </div>
  );
}
