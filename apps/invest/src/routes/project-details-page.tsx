import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { InvestResult } from '@app/contracts';
import { useGetUserInfoQuery } from '@app/api-client';
import { useFormatters } from '@app/i18n/client';
import { Button, EmptyState, ProjectIcon } from '@app/ui';
import { DefaultPage, LoadError, Loading } from '@app/app-kit';
import { LinkButton } from '@app/ui/link-button';
import { NS } from '../i18n-namespace.ts';
import { useGetPlanQuery } from '../lib/invest-api.ts';
import { PlanTerms } from '../features/plans/components/plan-terms.tsx';
import type { MoveKind } from '../features/plan-actions/components/move-sheet.tsx';
import styles from './project-details-page.module.css';

// Sheets and the result dialog load only when opened.
const MoveSheet = lazy(() => import('../features/plan-actions/components/move-sheet.tsx'));
const ResultDialog = lazy(() => import('../features/plan-actions/components/result-dialog.tsx'));

/** One plan: every term, the example and the risk line, the user's holding, and the actions on it. */
export default function ProjectDetailsPage() {
  const { t } = useTranslation(NS);
  const f = useFormatters();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const query = useGetPlanQuery(id, { skip: !valid, refetchOnMountOrArgChange: true });
  const user = useGetUserInfoQuery();
  const [sheet, setSheet] = useState<MoveKind | null>(null);
  const [result, setResult] = useState<{ message: string; result: InvestResult } | null>(null);

  if (!valid || (query.isError && (query.error as { key?: string })?.key === 'plan_not_found')) {
    return (
      <DefaultPage title={t('details.title')} custom>
        <EmptyState
          icon={<ProjectIcon />}
          title={t('details.notFound')}
          action={<LinkButton href="#/pages/project/project">{t('details.toList')}</LinkButton>}
        />
      </DefaultPage>
    );
  }
  if (query.isLoading || !query.data) {
    return (
      <DefaultPage title={t('details.title')} custom>
        {query.isError ? <LoadError error={query.error} onRetry={() => void query.refetch()} /> : <Loading lines={8} />}
      </DefaultPage>
    );
  }
  const { plan, holding, time_zone: timeZone } = query.data;
  const available = (user.data as { balances?: { available?: string } } | undefined)?.balances?.available ?? null;
  const canBuy = plan.phase === 'active' && !holding;
  return (
    <DefaultPage title={plan.title} custom>
      <section className={styles.hero}>
        <p className={styles.rate}>{t('plan.ratePct', { rate: f.number(plan.terms.rate, 2) })}</p>
        <p className={styles.rateLabel}>{t('plan.yearlyRate')}</p>
        <p className={styles.description}>{plan.description}</p>
        <p className={styles.phase}>{t(`phase.${plan.phase}`)}</p>
      </section>
      {holding && (
        <section className={styles.holding} aria-labelledby="my-holding" data-testid="my-holding">
          <h2 id="my-holding" className={styles.heading}>
            {t('details.yourHolding')}
          </h2>
          <p>
            {t('details.holdingLine', {
              principal: f.money(holding.principal),
              accrued: f.money(holding.accrued),
              status: t(`status.${holding.status}`),
            })}
          </p>
          {holding.topup_needed && (
            <p className={styles.needed}>
              {t('holding.needed', {
                amount: f.money(holding.topup_needed),
                when: holding.topup_until ? f.dateTime(holding.topup_until) : '',
              })}
            </p>
          )}
          {holding.renew && holding.renew_rate && (
            <p>{t('holding.renewOn', { rate: f.number(holding.renew_rate, 2) })}</p>
          )}
          {holding.renew_offer_rate && (
            <p className={styles.needed}>{t('holding.renewOffer', { rate: f.number(holding.renew_offer_rate, 2) })}</p>
          )}
          <p className={styles.alreadyNote}>{t('details.alreadyInvesting')}</p>
        </section>
      )}
      <PlanTerms plan={plan} />
      <div className={styles.actions}>
        {holding ? (
          <>
            <Button onClick={() => setSheet('topup')}>{t('actions.topup')}</Button>
            {holding.status === 1 && (
              <Button variant="secondary" onClick={() => setSheet('renew')}>
                {t(holding.renew ? 'actions.renewOff' : 'actions.renew')}
              </Button>
            )}
            <Button variant="outline" onClick={() => setSheet('stop')}>
              {t('actions.stop')}
            </Button>
          </>
        ) : (
          <Button block size="lg" disabled={!canBuy} onClick={() => setSheet('buy')}>
            {canBuy ? t('actions.buy') : t(`phase.${plan.phase}`)}
          </Button>
        )}
      </div>
      <Suspense fallback={null}>
        {sheet && (
          <MoveSheet
            kind={sheet}
            plan={plan}
            holding={holding}
            timeZone={timeZone}
            available={available}
            onClose={() => setSheet(null)}
            onDone={(r) => {
              setSheet(null);
              setResult(r);
            }}
          />
        )}
        {result && <ResultDialog message={result.message} result={result.result} onClose={() => setResult(null)} />}
      </Suspense>
    </DefaultPage>
  );
}
