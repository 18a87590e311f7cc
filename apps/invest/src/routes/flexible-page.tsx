import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FlexMoveResult } from '@app/contracts';
import { useFormatters } from '@app/i18n/client';
import { Button, Delayed, Dialog, Skeleton } from '@app/ui';
import { DefaultPage, LoadError } from '@app/app-kit';
import { NS } from '../i18n-namespace.ts';
import { useGetFlexMovesQuery, useGetFlexQuery } from '../lib/flex-api.ts';
import { labelToSeconds } from '../lib/plan-math.ts';
import type { FlexKind } from '../features/flexible/components/flex-sheet.tsx';
import styles from '../features/flexible/components/flexible.module.css';

const FlexSheet = lazy(() => import('../features/flexible/components/flex-sheet.tsx'));
const RateChart = lazy(() => import('../features/flexible/components/rate-chart.tsx'));

/**
 * Yuebao flexible: the balance beside the plans that cash moves into and out of at any time, with yesterday's and
 * total profit, what is frozen (moved out, arriving the next day) and available, the rate and its last seven days,
 * and the rules stated before any move.
 */
export default function FlexiblePage() {
  const { t } = useTranslation(NS);
  const f = useFormatters();
  const { data: info, error, refetch } = useGetFlexQuery(undefined, { refetchOnMountOrArgChange: true });
  const moves = useGetFlexMovesQuery(undefined, { refetchOnMountOrArgChange: true });
  const [sheet, setSheet] = useState<FlexKind | null>(null);
  const [done, setDone] = useState<{ result: FlexMoveResult; kind: FlexKind } | null>(null);
  const pct = (v: string) => `${f.number(v, 2)}%`;
  const day = (label: string) => f.date(labelToSeconds(label));

  if (!info) {
    return (
      <DefaultPage title={t('flex.title')}>
        {error ? (
          <LoadError error={error} onRetry={() => void refetch()} />
        ) : (
          <Delayed>
            <Skeleton lines={6} label={t('states.loading', { ns: 'common' })} />
          </Delayed>
        )}
      </DefaultPage>
    );
  }
  const parts: Array<[string, string, string]> = [
    ['yesterday', t('balance.yesterdayProfit'), info.yesterday_profit],
    ['profit', t('balance.totalProfit'), info.total_profit],
    ['available', t('flex.available'), info.available],
    ['frozen', t('flex.frozen'), info.frozen],
  ];
  return (
    <DefaultPage title={t('flex.title')}>
      <section className={styles.card} aria-labelledby="flex-total" data-testid="flex-card">
        <h2 id="flex-total" className={styles.label}>
          {t('flex.total')}
        </h2>
        <p className={styles.total} data-testid="flex-total">
          {f.money(info.total)}
        </p>
        <dl className={styles.grid}>
          {parts.map(([key, label, value]) => (
            <div key={key} data-testid={`flex-${key}`}>
              <dt>{label}</dt>
              <dd>{f.money(value)}</dd>
            </div>
          ))}
        </dl>
      </section>
      <div className={styles.actions}>
        <Button block size="lg" onClick={() => setSheet('in')}>
          {t('flex.in')}
        </Button>
        <Button
          block
          size="lg"
          variant="outline"
          onClick={() => setSheet('out')}
          disabled={!(Number(info.available) > 0)}
        >
          {t('flex.out')}
        </Button>
      </div>

      <section className={styles.section} aria-labelledby="flex-rate">
        <h2 id="flex-rate" className={styles.sectionTitle}>
          {t('flex.rateTitle')}
        </h2>
        <p className={styles.rate} data-testid="flex-rate">
          {t('flex.rateToday', { rate: pct(info.rate_pct) })}
        </p>
        {info.next_rate && (
          <p className={styles.announce} data-testid="flex-next-rate">
            {t('flex.nextRate', { rate: pct(info.next_rate.rate_pct), date: day(info.next_rate.day) })}
          </p>
        )}
        <Suspense fallback={<div className={styles.chart} />}>
          <RateChart rates={info.rates} label={t('flex.chartLabel', { rate: pct(info.rate_pct) })} />
        </Suspense>
        <p className={styles.note}>
          {t('flex.attribution')}{' '}
          <a href="https://www.tradingview.com/" target="_blank" rel="noopener noreferrer">
            TradingView Lightweight Charts™
          </a>
        </p>
      </section>

      <section className={styles.section} aria-labelledby="flex-rules">
        <h2 id="flex-rules" className={styles.sectionTitle}>
          {t('flex.rulesTitle')}
        </h2>
        <ul className={styles.rules}>
          <li>{t('flex.ruleIn')}</li>
          <li>{t('flex.ruleOut', { daily: f.money(info.instant_out_daily) })}</li>
          <li>{t('flex.ruleRate')}</li>
          <li>{t('risk.line')}</li>
        </ul>
      </section>

      <section className={styles.section} aria-labelledby="flex-moves">
        <h2 id="flex-moves" className={styles.sectionTitle}>
          {t('flex.moves')}
        </h2>
        {moves.data && moves.data.items.length === 0 ? (
          <p className={styles.note}>{t('flex.noMoves')}</p>
        ) : (
          <ul className={styles.moves} data-testid="flex-moves">
            {moves.data?.items.map((m) => (
              <li key={m.id} className={styles.move}>
                <span className={styles.moveMain}>
                  <span>{t(`flex.kind.${m.kind}`)}</span>
                  <span className={styles.sub}>
                    {f.dateTime(m.created_at)}
                    {m.status === 'pending' && m.arrives_on
                      ? ` · ${t('flex.pending', { amount: f.money(m.next_day), date: day(m.arrives_on) })}`
                      : ''}
                  </span>
                </span>
                <span className={styles.amount}>
                  {m.kind === 'in' ? '+' : '−'}
                  {f.money(m.amount)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      {sheet && (
        <Suspense fallback={null}>
          <FlexSheet
            kind={sheet}
            info={info}
            onClose={() => setSheet(null)}
            onDone={(result, kind) => (setSheet(null), setDone({ result, kind }))}
          />
        </Suspense>
      )}
      {done && (
        <Dialog
          open
          title={t(`flex.done.${done.kind}`)}
          onClose={() => setDone(null)}
          actions={<Button onClick={() => setDone(null)}>{t('actions.close', { ns: 'common' })}</Button>}
        >
          <dl className={styles.grid} data-testid="flex-result">
            <div>
              <dt>{t('sheet.amount')}</dt>
              <dd>{f.money(done.result.move.amount)}</dd>
            </div>
            {done.kind === 'out' ? (
              <>
                <div>
                  <dt>{t('flex.arrivesNow')}</dt>
                  <dd>{f.money(done.result.move.instant)}</dd>
                </div>
                {done.result.move.arrives_on && (
                  <div>
                    <dt>{t('flex.arrivesLater', { date: day(done.result.move.arrives_on) })}</dt>
                    <dd>{f.money(done.result.move.next_day)}</dd>
                  </div>
                )}
              </>
            ) : (
              <div>
                <dt>{t('flex.earnsFrom')}</dt>
                <dd>{day(done.result.info.earning_from)}</dd>
              </div>
            )}
            <div>
              <dt>{t('flex.available')}</dt>
              <dd>{f.money(done.result.info.available)}</dd>
            </div>
          </dl>
        </Dialog>
      )}
    </DefaultPage>
  );
}
