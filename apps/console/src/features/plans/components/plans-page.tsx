import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminPlan } from '@app/contracts';
import { useEditorOpening } from '../../../components/editor-opening.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryTable } from '../../../components/query-table.tsx';
import { ReasonDialog } from '../../../components/reason-dialog.tsx';
import ui from '../../../components/ui.module.css';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/hooks.ts';
import { usePlanActionMutation, usePlansQuery, type PlanAction } from '../api/plans-api.ts';
import { PlanEditor } from './plan-editor.tsx';
import { planFieldLabel } from '../lib/plan-form.ts';
import { HeldChangesPanel } from '../../../components/held-changes-panel.tsx';
import { FlexiblePanel } from './flexible-panel.tsx';

const STATE_BADGE: Record<string, string> = {
  active: ui.badgeOk!,
  paused: ui.badgeWarn!,
  closed: ui.badgeDanger!,
};

/** Yuebao plans: their terms, how full they are, their state; create, edit, pause, resume and close. */
export function PlansPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const list = usePlansQuery();
  const [acting, setActing] = useState<{ plan: AdminPlan; action: PlanAction } | null>(null);
  const [act] = usePlanActionMutation();
  const items = list.data?.items ?? [];
  const editor = useEditorOpening(items);

  if (editor.isOpen) {
    return <PlanEditor key={editor.key} plan={editor.current} onClose={editor.close} />;
  }

  return (
    <div>
      <PageHeader title={t('plans.title')} subtitle={t('plans.subtitle')}>
        <button type="button" className={`${ui.button} ${ui.primary}`} onClick={() => editor.edit('new')}>
          {t('plans.new')}
        </button>
      </PageHeader>
      <div style={{ marginBottom: 16 }}>
        <HeldChangesPanel targets={['plan:', 'plan-new:']} fieldLabel={planFieldLabel(t)} />
      </div>
      <div style={{ marginBottom: 16 }}>
        <FlexiblePanel />
      </div>
      <section className={ui.panel} aria-label={t('plans.listLabel')}>
        <QueryTable query={list} items={items} empty={t('plans.empty')}>
          <thead>
            <tr>
              <th>{t('plans.name')}</th>
              <th className={ui.num}>
                {t('plans.rate')} / {t('plans.period')}
              </th>
              <th className={ui.num}>{t('plans.minimum')}</th>
              <th className={ui.num}>{t('plans.filled')}</th>
              <th>{t('plans.window')}</th>
              <th aria-label={t('common.actions')} />
            </tr>
          </thead>
          <tbody>
            {items.map((plan) => (
              <tr key={plan.id} data-testid={`plan-row-${plan.slug}`}>
                <td>
                  <strong>{plan.title}</strong>{' '}
                  <span className={`${ui.badge} ${STATE_BADGE[plan.state] ?? ''}`}>
                    {t(`plans.states.${plan.state}`)}
                  </span>
                  <div className={ui.hint}>
                    {t('plans.languageCount', { count: 1 + Object.keys(plan.translations).length })}
                  </div>
                </td>
                <td className={ui.num}>
                  {plan.terms.rate} %<div className={ui.hint}>{t('plans.days', { count: plan.terms.period_days })}</div>
                </td>
                <td className={ui.num}>{formatMoney(plan.min_amount, lang)}</td>
                <td className={ui.num}>
                  {formatMoney(plan.invested, lang)}
                  <div className={ui.hint}>
                    {t('plans.ofTotal', { total: formatMoney(plan.total, lang), progress: plan.progress })}
                  </div>
                </td>
                <td>
                  {formatDateTime(plan.start_time, lang, 'short')} – {formatDateTime(plan.end_time, lang, 'short')}
                </td>
                <td className={ui.num}>
                  <span style={{ display: 'inline-flex', gap: 6 }}>
                    <button type="button" className={`${ui.button} ${ui.small}`} onClick={() => editor.edit(plan)}>
                      {t('plans.edit')}
                    </button>
                    {plan.state === 'active' && (
                      <button
                        type="button"
                        className={`${ui.button} ${ui.small}`}
                        onClick={() => setActing({ plan, action: 'pause' })}
                      >
                        {t('plans.actions.pause')}
                      </button>
                    )}
                    {plan.state === 'paused' && (
                      <button
                        type="button"
                        className={`${ui.button} ${ui.small}`}
                        onClick={() => setActing({ plan, action: 'resume' })}
                      >
                        {t('plans.actions.resume')}
                      </button>
                    )}
                    {plan.state !== 'closed' && (
                      <button
                        type="button"
                        className={`${ui.button} ${ui.small} ${ui.danger}`}
                        onClick={() => setActing({ plan, action: 'close' })}
                      >
                        {t('plans.actions.close')}
                      </button>
                    )}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </QueryTable>
      </section>
      {acting && (
        <ReasonDialog
          title={t(`plans.confirm.${acting.action}`, { title: acting.plan.title })}
          confirmLabel={t(`plans.actions.${acting.action}`)}
          tone={acting.action === 'close' ? 'danger' : 'primary'}
          onClose={() => setActing(null)}
          onConfirm={(reason) => act({ id: acting.plan.id, action: acting.action, reason }).unwrap()}
        >
          <p>{t(`plans.explain.${acting.action}`)}</p>
        </ReasonDialog>
      )}
    </div>
  );
}
