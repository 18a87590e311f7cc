import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { HouseView } from '@app/contracts';
import { PageHeader } from '../../../components/page-header.tsx';
import page from '../../../components/page.module.css';
import { QueryState } from '../../../components/query-state.tsx';
import { PanelHeading } from '../../../components/panel-heading.tsx';
import ui from '../../../components/ui.module.css';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/hooks.ts';
import type { ConsoleLanguage } from '../../../lib/i18n.ts';
import { useHouseQuery } from '../api/house-api.ts';
import styles from './house.module.css';

/**
 * The platform's own money: what open orders put at stake per product, today's result by source, and the money
 * waiting for review. Each figure comes with the second reading of the ledger it was checked against.
 */
export function HousePage() {
  const { t } = useTranslation();
  const house = useHouseQuery();
  return (
    <div>
      <PageHeader title={t('house.title')} subtitle={t('house.subtitle')}>
        <button
          type="button"
          className={ui.button}
          onClick={() => void house.refetch()}
          disabled={house.isFetching}
          aria-busy={house.isFetching}
        >
          {t('common.refresh')}
        </button>
      </PageHeader>
      <QueryState
        isLoading={house.isLoading}
        error={house.error}
        isEmpty={!house.data}
        empty={null}
        onRetry={() => void house.refetch()}
      >
        {house.data && <HouseFigures view={house.data} />}
      </QueryState>
    </div>
  );
}

function Money({ amount }: { amount: string }) {
  const lang = useLanguage();
  return <span className={amount.startsWith('-') ? styles.negative : undefined}>{formatMoney(amount, lang)}</span>;
}

function Agrees({ ok, against }: { ok: boolean; against: string }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <span className={styles.check} data-testid={ok ? 'reconciled' : 'not-reconciled'}>
      <span aria-hidden="true">{ok ? '✓' : '✗'}</span>
      {ok
        ? t('house.agrees', { amount: formatMoney(against, lang) })
        : t('house.differs', { amount: formatMoney(against, lang) })}
    </span>
  );
}

/** A headline figure in its card, named by its label, with what goes under it. */
function FigureCard({
  label,
  amount,
  testId,
  children,
}: {
  label: string;
  amount: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section className={`${ui.panel} ${styles.card}`} aria-label={label}>
      <span className={ui.label}>{label}</span>
      <span className={styles.figure} data-testid={testId}>
        <Money amount={amount} />
      </span>
      {children}
    </section>
  );
}

/** "3 h 12 min": a duration in seconds, to the minute (days past 48 hours). */
function duration(totalSeconds: number, lang: ConsoleLanguage): string {
  const minutes = Math.round(totalSeconds / 60);
  const parts: Array<[number, Intl.NumberFormatOptions['unit']]> =
    minutes >= 48 * 60
      ? [
          [Math.floor(minutes / 1440), 'day'],
          [Math.floor((minutes % 1440) / 60), 'hour'],
        ]
      : [
          [Math.floor(minutes / 60), 'hour'],
          [minutes % 60, 'minute'],
        ];
  const shown = parts.filter(([n], i) => n > 0 || (i === parts.length - 1 && parts.every(([m]) => m === 0)));
  return shown
    .map(([n, unit]) =>
      new Intl.NumberFormat(lang === 'zh' ? 'zh-Hans' : 'en', { style: 'unit', unit, unitDisplay: 'short' }).format(n),
    )
    .join(' ');
}

/** How long users wait for a decision on a case: the median from opened to decided over the last 30 days. */
function CasesCard({ cases }: { cases: HouseView['cases'] }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <section className={`${ui.panel} ${styles.card}`} aria-label={t('house.cases')}>
      <span className={ui.label}>{t('house.cases')}</span>
      <span className={styles.figure} data-testid="house-cases-median">
        {cases.median_seconds === null ? '—' : duration(cases.median_seconds, lang)}
      </span>
      <span className={ui.hint}>
        {cases.median_seconds === null
          ? t('house.casesNone', { days: cases.days })
          : `${t('house.casesMedian', { days: cases.days })} · ${t('house.casesDecided', { count: cases.decided })}`}
      </span>
    </section>
  );
}

function HouseFigures({ view }: { view: HouseView }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { deposits, withdrawals } = view.pending;
  return (
    <div className={page.stack}>
      <div className={styles.cards}>
        <FigureCard label={t('house.result')} amount={view.result} testId="house-result">
          <Agrees ok={view.reconciled} against={view.ledger_change} />
          <span className={ui.hint}>
            {t('house.day', {
              day: view.day,
              zone: view.time_zone,
              from: formatDateTime(view.from, lang, 'short'),
              to: formatDateTime(view.to, lang, 'short'),
            })}
          </span>
        </FigureCard>
        <FigureCard label={t('house.openStake')} amount={view.open.stake}>
          <span className={ui.hint}>{t('house.openOrders', { count: view.open.open_orders })}</span>
          <span className={ui.hint}>
            {t('house.worstCase')}: <Money amount={view.open.worst_case} />
          </span>
        </FigureCard>
        <FigureCard label={t('house.pendingDeposits')} amount={deposits.amount}>
          <span className={ui.hint}>{t('house.waiting', { count: deposits.count })}</span>
          <Agrees ok={deposits.ledger_amount === '0.00'} against={deposits.ledger_amount} />
        </FigureCard>
        <FigureCard label={t('house.pendingWithdrawals')} amount={withdrawals.amount}>
          <span className={ui.hint}>{t('house.waiting', { count: withdrawals.count })}</span>
          <Agrees ok={withdrawals.ledger_amount === withdrawals.amount} against={withdrawals.ledger_amount} />
        </FigureCard>
        <CasesCard cases={view.cases} />
      </div>

      <section className={ui.panel} aria-labelledby="sources-title">
        <PanelHeading
          id="sources-title"
          title={t('house.sources')}
          hint={t('house.sourcesHint')}
          className={ui.panelBody}
        />
        <div className={ui.tableWrap}>
          <table className={ui.table}>
            <thead>
              <tr>
                <th>{t('house.source')}</th>
                <th>{t('house.byKind')}</th>
                <th className={ui.num}>{t('house.amount')}</th>
              </tr>
            </thead>
            <tbody>
              {view.sources.map((s) => (
                <tr key={s.source} data-testid={`source-${s.source}`}>
                  <td>
                    <strong>{t(`house.sourceNames.${s.source}`)}</strong>
                  </td>
                  <td>
                    <ul className={styles.kinds}>
                      {s.kinds.length === 0 && <li>—</li>}
                      {s.kinds.map((k) => (
                        <li key={k.kind}>
                          <span className={page.mono}>{k.kind}</span>: {formatMoney(k.amount, lang)}
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td className={ui.num}>
                    <Money amount={s.amount} />
                  </td>
                </tr>
              ))}
              <tr className={styles.total}>
                <td colSpan={2}>{t('house.total')}</td>
                <td className={ui.num}>
                  <Money amount={view.result} />
                </td>
              </tr>
            </tbody>
          </table>
        </div>
      </section>

      <section className={ui.panel} aria-labelledby="exposure-title">
        <PanelHeading
          id="exposure-title"
          title={t('house.exposure')}
          hint={t('house.exposureHint')}
          className={ui.panelBody}
        />
        {view.products.length === 0 ? (
          <div className={ui.state}>{t('house.noOpenOrders')}</div>
        ) : (
          <div className={ui.tableWrap}>
            <table className={ui.table}>
              <thead>
                <tr>
                  <th>{t('house.product')}</th>
                  <th className={ui.num}>{t('house.orders')}</th>
                  <th className={ui.num}>{t('house.stake')}</th>
                  <th className={ui.num}>{t('house.paysIfAllWin')}</th>
                  <th className={ui.num}>{t('house.takesIfAllLose')}</th>
                  <th className={ui.num}>{t('house.netIfUp')}</th>
                  <th className={ui.num}>{t('house.netIfDown')}</th>
                </tr>
              </thead>
              <tbody>
                {view.products.map((p) => (
                  <tr key={p.product_id} data-testid={`exposure-${p.symbol}`}>
                    <td>
                      <strong>{p.symbol}</strong>
                      <div className={ui.hint}>{p.name}</div>
                    </td>
                    <td className={ui.num}>{p.open_orders}</td>
                    <td className={ui.num}>
                      <Money amount={p.stake} />
                      <div>
                        <Agrees ok={p.stake === p.recorded_stake} against={p.recorded_stake} />
                      </div>
                    </td>
                    <td className={ui.num}>
                      <Money amount={p.pays_if_all_win} />
                    </td>
                    <td className={ui.num}>
                      <Money amount={p.takes_if_all_lose} />
                    </td>
                    <td className={ui.num}>
                      <Money amount={p.net_if_up} />
                    </td>
                    <td className={ui.num}>
                      <Money amount={p.net_if_down} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
