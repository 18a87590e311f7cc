import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button, Delayed, EmptyState, Skeleton, UserIcon } from '@app/ui';
import { LinkButton } from '@app/ui/link-button';
import { DefaultPage, LoadError, Loading } from '@app/app-kit';
import type { LeaderDetail } from '@app/contracts';
import { NS } from '../i18n-namespace.ts';
import { useGetLeaderQuery, useGetSubscriptionsQuery } from '../features/copy/api/copy-api.ts';
import { LeaderStatsGrid, MonthlyPnl } from '../features/copy/components/leader-stats.tsx';
import { RecordOrders } from '../features/copy/components/record-orders.tsx';
import { ChainHead } from '../features/copy/components/chain-head.tsx';
import { FollowSheet } from '../features/copy/components/follow-sheet.tsx';
import { useGetProductsQuery } from '../features/quotes/api/products-api.ts';
import { useGetGoodsQuery } from '../features/product/api/product-api.ts';
import { SimulatedNote } from '../lib/simulated-note.tsx';
import { ChartAttribution } from '../features/chart/components/chart-attribution.tsx';
import styles from '../features/copy/components/copy.module.css';

/*
 * The P/L curve is a chunk of its own, like the product page's chart: lightweight-charts downloads only when a
 * leader page draws a curve, never with the Order tab or the leaders list.
 */
const PnlCurveChart = lazy(
  () => import(/* webpackChunkName: "copy-pnl-curve" */ '../features/chart/components/pnl-curve-chart.tsx'),
);

/** /pages/copy/leader?id=: one leader's public record, every figure with its sample, and following. */
export default function LeaderPage() {
  const { t } = useTranslation(NS);
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const recordId = Number(params.get('record')) || undefined;
  const query = useGetLeaderQuery({ leader_id: id, record_id: recordId }, { skip: !valid });
  const title = query.data?.display_name ?? t('copy.leaderTitle');
  return (
    <DefaultPage title={title} backTo="/pages/copy/leaders">
      {!valid ? (
        <NoLeader />
      ) : query.isLoading ? (
        <Loading />
      ) : query.isError || !query.data ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <LeaderRecord leader={query.data} />
      )}
    </DefaultPage>
  );
}

function NoLeader() {
  const { t } = useTranslation(NS);
  return (
    <EmptyState
      icon={<UserIcon />}
      title={t('copy.noSuchLeader')}
      action={<LinkButton href="#/pages/copy/leaders">{t('copy.leadersTitle')}</LinkButton>}
    />
  );
}

function LeaderRecord({ leader }: { leader: LeaderDetail }) {
  const { t } = useTranslation(NS);
  const { stats, record } = leader;
  const [following, setFollowing] = useState(false);
  const subs = useGetSubscriptionsQuery('live');
  const current = subs.data?.items.find((s) => s.leader_id === leader.leader_id) ?? null;
  const products = useGetProductsQuery({});
  const symbols = (products.data?.items ?? []).map((p) => p.symbol);
  const termsSymbol = symbols.includes('BTC/USDT') ? 'BTC/USDT' : (symbols[0] ?? '');
  const goods = useGetGoodsQuery(termsSymbol, { skip: !termsSymbol });
  return (
    <div data-testid="leader-page">
      <div className={styles.section}>
        <p className={styles.text}>
          {leader.status === 'retired' && <span className={styles.badge}>{t('copy.retired')}</span>}{' '}
          {leader.description}
        </p>
        <p className={styles.meta}>
          {stats.ranked
            ? t('copy.ranked')
            : t('copy.sampleNeeded', { settled: stats.settled, count: leader.terms.min_ranked_orders })}
        </p>
      </div>
      <p className={styles.statement} data-testid="every-order">
        {t('copy.everyOrder')}
      </p>
      <section className={styles.section} aria-labelledby="leader-figures">
        <h2 id="leader-figures" className={styles.sectionTitle}>
          {t('copy.figures')}
        </h2>
        <LeaderStatsGrid stats={stats} />
        <p className={styles.meta}>{t('copy.formulas')}</p>
      </section>
      {!leader.is_me && leader.status === 'active' && (
        <div className={styles.actions}>
          {current ? (
            <>
              <Button variant="outline" onClick={() => setFollowing(true)} data-testid="follow-open">
                {t('copy.follow.change')}
              </Button>
              <LinkButton href="#/pages/copy/following" variant="outline">
                {t('copy.mySubscriptions')}
              </LinkButton>
            </>
          ) : (
            <Button onClick={() => setFollowing(true)} data-testid="follow-open">
              {t('copy.follow.button')}
            </Button>
          )}
        </div>
      )}
      {leader.is_me && (
        <div className={styles.section}>
          <Link className={styles.link} to="/pages/copy/lead">
            {t('copy.lead.manage')}
          </Link>
        </div>
      )}
      <section className={styles.section} aria-labelledby="leader-curve">
        <h2 id="leader-curve" className={styles.sectionTitle}>
          {t('copy.curve')}
        </h2>
        {stats.curve.length === 0 ? (
          <p className={styles.text}>{t('copy.noCurve')}</p>
        ) : (
          <div className={styles.chartBox}>
            <Suspense
              fallback={
                <Delayed>
                  <Skeleton lines={4} label={t('states.loading', { ns: 'common' })} />
                </Delayed>
              }
            >
              {/* Before the first settled order the record's P/L is zero: the curve starts there. */}
              <PnlCurveChart
                points={[{ t: record.started_at, pnl: '0.00' }, ...stats.curve]}
                label={t('copy.curveLabel', { count: stats.curve.length })}
              />
            </Suspense>
            <ChartAttribution />
          </div>
        )}
        <MonthlyPnl stats={stats} />
      </section>
      <section className={styles.section} aria-labelledby="leader-chain">
        <h2 id="leader-chain" className={styles.sectionTitle}>
          {t('copy.chain.title')}
        </h2>
        <ChainHead record={record} />
      </section>
      <section aria-labelledby="leader-orders">
        <div className={styles.section}>
          <h2 id="leader-orders" className={styles.sectionTitle}>
            {t('copy.recordOrders', { n: stats.orders })}
          </h2>
        </div>
        <RecordOrders recordId={record.id} />
      </section>
      <SimulatedNote simulated={leader.simulated} />
      <p className={styles.risk}>{t('copy.risk')}</p>
      {following && (
        <FollowSheet
          open
          onClose={() => setFollowing(false)}
          leader={leader}
          terms={leader.terms}
          current={current}
          symbols={symbols}
          contractTerms={goods.data?.terms ?? []}
          termsSymbol={termsSymbol}
        />
      )}
    </div>
  );
}
