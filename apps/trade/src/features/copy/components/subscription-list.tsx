import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Subscription } from '@app/contracts';
import { useFormatters } from '@app/i18n/client';
import { Button, ConfirmDialog, EmptyState, PullRefresh, UserIcon, useToast } from '@app/ui';
import { LinkButton } from '@app/ui/link-button';
import { LoadError, Loading, apiErrorText } from '@app/app-kit';
import { NS } from '../../../i18n-namespace.ts';
import { usePeriodLabel } from '../../../lib/period.ts';
import { SignedMoney } from '../../../lib/signed-money.tsx';
import { useGetSubscriptionsQuery, useSetSubscriptionMutation } from '../api/copy-api.ts';
import styles from './copy.module.css';

/** My subscriptions: what each copies, how it went, and pause, resume or stop (stop asks first). */
export function SubscriptionList({ status }: { status: 'live' | 'stopped' }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const query = useGetSubscriptionsQuery(status, { refetchOnMountOrArgChange: true });
  if (query.isLoading) return <Loading />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const items = query.data?.items ?? [];
  return (
    <PullRefresh
      onRefresh={() => query.refetch()}
      labels={{
        pull: tc('states.pullToRefresh'),
        release: tc('states.releaseToRefresh'),
        refreshing: tc('states.refreshing'),
      }}
    >
      {items.length === 0 ? (
        <EmptyState
          icon={<UserIcon />}
          title={t(status === 'live' ? 'copy.noSubscriptions' : 'copy.noStopped')}
          action={<LinkButton href="#/pages/copy/leaders">{t('copy.findLeader')}</LinkButton>}
        />
      ) : (
        <ul className={styles.list} data-testid="subscriptions">
          {items.map((s) => (
            <li key={s.id}>
              <SubscriptionCard sub={s} />
            </li>
          ))}
        </ul>
      )}
    </PullRefresh>
  );
}

function SubscriptionCard({ sub }: { sub: Subscription }) {
  const { t } = useTranslation(NS);
  const f = useFormatters();
  const period = usePeriodLabel();
  const toast = useToast();
  const [change, state] = useSetSubscriptionMutation();
  const [asking, setAsking] = useState(false);
  const act = async (action: 'pause' | 'resume' | 'stop') => {
    try {
      await change({ id: sub.id, action }).unwrap();
      toast.info(t(`copy.sub.done.${action}`));
    } catch (error) {
      toast.error(apiErrorText(error, t));
    } finally {
      setAsking(false);
    }
  };
  return (
    <div className={styles.card} data-testid={`subscription-${sub.id}`}>
      <div className={styles.cardHead}>
        <Link className={styles.name} to={{ pathname: '/pages/copy/leader', search: `?id=${sub.leader_id}` }}>
          {sub.leader_name}
        </Link>
        <span className={styles.badge}>{t(`copy.sub.status.${sub.status}`)}</span>
      </div>
      {sub.stopped_reason === 'leader_retired' && <p className={styles.meta}>{t('copy.sub.leaderRetired')}</p>}
      <dl className={styles.grid}>
        <div>
          <dt>{t('copy.form.amount')}</dt>
          <dd>{sub.amount === null ? '—' : f.money(sub.amount)}</dd>
        </div>
        <div>
          <dt>{t('copy.form.maxAmount')}</dt>
          <dd>{f.money(sub.max_amount)}</dd>
        </div>
        <div>
          <dt>{t('copy.form.dailyLoss')}</dt>
          <dd>
            {f.money(sub.daily_loss)}
            <span className={styles.sample}>{t('copy.sub.todayAtRisk', { amount: f.money(sub.today_at_risk) })}</span>
          </dd>
        </div>
        <div>
          <dt>{t('copy.sub.result')}</dt>
          <dd>
            <SignedMoney value={sub.pnl} />
            <span className={styles.sample}>
              {t('copy.sub.counts', {
                copied: t('copy.sub.copiedN', { count: sub.copied }),
                skipped: t('copy.sub.skippedN', { count: sub.skipped }),
                failed: t('copy.sub.failedN', { count: sub.failed }),
              })}
            </span>
          </dd>
        </div>
      </dl>
      <p className={styles.meta}>
        {t('copy.terms.products', {
          list: sub.symbols.length ? sub.symbols.join(', ') : t('copy.form.allProducts'),
        })}
        {' · '}
        {t('copy.terms.periods', {
          list: sub.periods.length ? sub.periods.map(period).join(', ') : t('copy.form.allPeriods'),
        })}
      </p>
      {sub.status !== 'stopped' && (
        <div className={`${styles.chips} ${styles.cardActions}`}>
          {sub.status === 'active' ? (
            <Button variant="outline" loading={state.isLoading} onClick={() => void act('pause')}>
              {t('copy.sub.pause')}
            </Button>
          ) : (
            <Button variant="outline" loading={state.isLoading} onClick={() => void act('resume')}>
              {t('copy.sub.resume')}
            </Button>
          )}
          <Button variant="danger" disabled={state.isLoading} onClick={() => setAsking(true)}>
            {t('copy.sub.stop')}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={asking}
        title={t('copy.sub.stopTitle', { name: sub.leader_name })}
        message={t('copy.sub.stopBody')}
        confirmLabel={t('copy.sub.stop')}
        cancelLabel={t('actions.cancel', { ns: 'common' })}
        danger
        busy={state.isLoading}
        onConfirm={() => void act('stop')}
        onCancel={() => setAsking(false)}
      />
    </div>
  );
}
