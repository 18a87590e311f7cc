import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminWithdrawal } from '@app/contracts';
import page from '../../../components/page.module.css';
import { Pager } from '../../../components/pager.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { ReasonDialog } from '../../../components/reason-dialog.tsx';
import ui from '../../../components/ui.module.css';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { useLanguage, useSession } from '../../../lib/hooks.ts';
import {
  useApproveWithdrawalMutation,
  useRefuseWithdrawalMutation,
  useWithdrawalsQuery,
} from '../api/withdrawals-api.ts';

const SIZE = 50;
type Outcome = 'waiting_for_second' | 'paid' | 'refused';

/** Withdrawals waiting for an operator: the list, and beside it the one opened with where to pay it. */
export function WithdrawalQueue() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const me = useSession().operator?.name ?? '';
  const [pageNo, setPageNo] = useState(1);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [last, setLast] = useState<{ id: number; outcome: Outcome } | null>(null);
  const list = useWithdrawalsQuery({ status: 3, page: pageNo, size: SIZE });
  const items = list.data?.items ?? [];
  const selected = items.find((w) => w.id === selectedId) ?? null;

  return (
    <div>
      <div className={page.header}>
        <div>
          <h1 className={page.title}>{t('withdrawals.title')}</h1>
          <p className={page.subtitle}>{t('withdrawals.subtitle')}</p>
        </div>
        <div className={page.toolbar}>
          <button type="button" className={ui.button} onClick={() => void list.refetch()} disabled={list.isFetching}>
            {t('common.refresh')}
          </button>
        </div>
      </div>
      <div className={page.split}>
        <section className={ui.panel} aria-label={t('withdrawals.listLabel')}>
          <QueryState
            isLoading={list.isLoading}
            error={list.error}
            isEmpty={items.length === 0}
            empty={<span>{t('withdrawals.empty')}</span>}
            onRetry={() => void list.refetch()}
          >
            <div className={ui.tableWrap}>
              <table className={ui.table}>
                <thead>
                  <tr>
                    <th>{t('withdrawals.id')}</th>
                    <th>{t('withdrawals.user')}</th>
                    <th className={ui.num}>{t('withdrawals.amount')}</th>
                    <th>{t('withdrawals.submitted')}</th>
                    <th>{t('withdrawals.state')}</th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((w) => (
                    <tr
                      key={w.id}
                      className={`${ui.rowButton} ${w.id === selectedId ? ui.rowSelected : ''}`}
                      aria-selected={w.id === selectedId}
                      data-testid={`withdrawal-row-${w.id}`}
                    >
                      <td>
                        <button
                          type="button"
                          style={{ all: 'unset', cursor: 'pointer', fontWeight: 600 }}
                          onClick={() => {
                            setSelectedId(w.id);
                            setLast(null);
                          }}
                          aria-label={t('withdrawals.open', { id: w.id })}
                        >
                          #{w.id}
                        </button>
                      </td>
                      <td>#{w.user_id}</td>
                      <td className={ui.num}>{formatMoney(w.amount, lang)}</td>
                      <td>{formatDateTime(w.created_at, lang, 'short')}</td>
                      <td>
                        {w.first_approved_by && (
                          <span className={`${ui.badge} ${ui.badgeWarn}`}>
                            {w.first_approved_by === me ? t('deposits.approvedByMe') : t('deposits.halfApproved')}
                          </span>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager page={pageNo} hasMore={items.length === SIZE} onPage={setPageNo} />
          </QueryState>
        </section>
        <section className={`${ui.panel} ${page.detail}`} aria-label={t('withdrawals.detailLabel')}>
          {selected ? (
            <WithdrawalDetail
              key={selected.id}
              withdrawal={selected}
              me={me}
              outcome={last?.id === selected.id ? last.outcome : null}
              onDecided={(outcome) => setLast({ id: selected.id, outcome })}
            />
          ) : last ? (
            <div className={page.placeholder}>
              <div className={ui.success} role="status">
                {t(`withdrawals.outcome.${last.outcome}`, { id: last.id })}
              </div>
            </div>
          ) : (
            <div className={page.placeholder}>{t('withdrawals.pick')}</div>
          )}
        </section>
      </div>
    </div>
  );
}

function WithdrawalDetail({
  withdrawal: w,
  me,
  outcome,
  onDecided,
}: {
  withdrawal: AdminWithdrawal;
  me: string;
  outcome: Outcome | null;
  onDecided: (outcome: Outcome) => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [approve] = useApproveWithdrawalMutation();
  const [refuse] = useRefuseWithdrawalMutation();
  const [asking, setAsking] = useState<'approve' | 'refuse' | null>(null);

  return (
    <>
      <div className={page.detailHeader}>
        <h2 className={ui.panelTitle}>{t('withdrawals.detailTitle', { id: w.id })}</h2>
        <span className={ui.badge}>{t('withdrawals.underReview')}</span>
        <div className={page.toolbar} style={{ marginInlineStart: 'auto' }}>
          <button type="button" className={`${ui.button} ${ui.primary}`} onClick={() => setAsking('approve')}>
            {t('withdrawals.approve')}
          </button>
          <button type="button" className={`${ui.button} ${ui.danger}`} onClick={() => setAsking('refuse')}>
            {t('withdrawals.refuse')}
          </button>
        </div>
      </div>
      <div className={page.detailBody}>
        {outcome && (
          <div className={outcome === 'waiting_for_second' ? ui.notice : ui.success} role="status">
            {t(`withdrawals.outcome.${outcome}`, { id: w.id })}
          </div>
        )}
        <div className={page.amount}>{formatMoney(w.received, lang)}</div>
        <dl className={page.facts}>
          <dt>{t('withdrawals.amount')}</dt>
          <dd>{formatMoney(w.amount, lang)}</dd>
          <dt>{t('withdrawals.fee')}</dt>
          <dd>{formatMoney(w.fee, lang)}</dd>
          <dt>{t('withdrawals.received')}</dt>
          <dd>{formatMoney(w.received, lang)}</dd>
          <dt>{t('withdrawals.user')}</dt>
          <dd>#{w.user_id}</dd>
          <dt>{t('withdrawals.submitted')}</dt>
          <dd>{formatDateTime(w.created_at, lang)}</dd>
          <dt>{t('deposits.firstApprovedBy')}</dt>
          <dd data-testid="first-approved-by">{w.first_approved_by ?? '—'}</dd>
        </dl>
        <div className={ui.panel}>
          <div className={ui.panelBody}>
            <h3 className={ui.label} style={{ marginBottom: 8 }}>
              {t('withdrawals.payTo')}
            </h3>
            {w.pay_to ? (
              <dl className={page.facts}>
                <dt>{t('withdrawals.kind')}</dt>
                <dd>{t(`kinds.${w.pay_to.kind}`, { defaultValue: w.pay_to.kind })}</dd>
                <dt>{t('withdrawals.method')}</dt>
                <dd>{w.pay_to.title}</dd>
                <dt>{t('withdrawals.account')}</dt>
                <dd className={page.mono}>{w.pay_to.account}</dd>
                <dt>{t('withdrawals.holder')}</dt>
                <dd>{w.pay_to.holder ?? '—'}</dd>
                <dt>{t('withdrawals.branch')}</dt>
                <dd>{w.pay_to.branch ?? '—'}</dd>
              </dl>
            ) : (
              <p className={ui.hint}>{t('withdrawals.methodGone', { destination: w.destination })}</p>
            )}
          </div>
        </div>
        {w.first_approved_by === me && outcome !== 'waiting_for_second' && (
          <div className={ui.notice} role="status">
            {t('deposits.waitingForSecond')}
          </div>
        )}
        {w.first_approved_by && w.first_approved_by !== me && (
          <div className={ui.notice}>{t('deposits.secondApproval', { name: w.first_approved_by })}</div>
        )}
        {w.timeline.length > 0 && (
          <ol className={page.timeline} aria-label={t('deposits.timeline')}>
            {w.timeline.map((step, index) => (
              <li key={index}>
                {formatDateTime(step.at, lang)} · {t(`steps.${step.step}`, { defaultValue: step.step })}
                {step.by ? ` · ${step.by}` : ''}
                {step.note ? ` · ${step.note}` : ''}
              </li>
            ))}
          </ol>
        )}
      </div>
      {asking && (
        <ReasonDialog
          title={t(`withdrawals.confirm.${asking}`, { id: w.id })}
          confirmLabel={t(`withdrawals.${asking}`)}
          tone={asking === 'refuse' ? 'danger' : 'primary'}
          onClose={() => setAsking(null)}
          onConfirm={async (reason) => {
            if (asking === 'approve') {
              const answer = await approve({ id: w.id, reason }).unwrap();
              onDecided(answer.waiting_for_second ? 'waiting_for_second' : 'paid');
            } else {
              await refuse({ id: w.id, reason }).unwrap();
              onDecided('refused');
            }
          }}
        >
          <dl className={page.facts}>
            <dt>{t('withdrawals.amount')}</dt>
            <dd>{formatMoney(w.amount, lang)}</dd>
            <dt>{t('withdrawals.received')}</dt>
            <dd>{formatMoney(w.received, lang)}</dd>
            <dt>{t('withdrawals.account')}</dt>
            <dd className={page.mono}>{w.pay_to?.account ?? w.destination}</dd>
          </dl>
        </ReasonDialog>
      )}
    </>
  );
}
