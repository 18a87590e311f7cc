import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { sameWrittenName, type AdminWithdrawal, type AdminWithdrawalDetail } from '@app/contracts';
import page from '../../../components/page.module.css';
import { moneyFilters, useSharedFilters } from '../../../components/filter-bar.tsx';
import { useLinkedItem, useQueueState } from '../../../components/queue-state.ts';
import { QueueShell } from '../../../components/queue-shell.tsx';
import { UserTags } from '../../../components/user-tags.tsx';
import { RiskFlags, RowFlags, useRowFlags } from '../../../components/risk-flags.tsx';
import { FourEyesNotice, MoneyTimeline } from '../../../components/money-review.tsx';
import { ReasonDialog } from '../../../components/reason-dialog.tsx';
import { DecisionButtons, DetailHeader } from '../../../components/detail-header.tsx';
import ui from '../../../components/ui.module.css';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { useLanguage, useSession } from '../../../lib/hooks.ts';
import {
  useApproveWithdrawalMutation,
  useRefuseWithdrawalMutation,
  useWithdrawalQuery,
  useWithdrawalsQuery,
} from '../api/withdrawals-api.ts';

type Outcome = 'waiting_for_second' | 'paid' | 'refused';

/**
 * Withdrawals: the review queue (under review by default) and the search over every withdrawal by user,
 * destination, amount and date range; beside the list, the one opened with where to pay it, since when that
 * destination is bound, the holds running and the user's recent security changes. A link naming one
 * (`#/withdrawals?id=12`, from search everything) lists that withdrawal alone, opened, whatever its state.
 */
export function WithdrawalQueue() {
  const linked = useLinkedItem();
  return <WithdrawalQueuePage key={linked.key} linked={linked.id} />;
}

function WithdrawalQueuePage({ linked }: { linked: number | null }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const me = useSession().operator?.name ?? '';
  const queue = useQueueState(linked ? { id: String(linked) } : { status: '3' }, linked);
  const { filters, selectedId } = queue;
  const shared = useSharedFilters();
  const [last, setLast] = useState<{ id: number; outcome: Outcome } | null>(null);
  const search = { ...moneyFilters(filters), destination: filters.destination };
  const list = useWithdrawalsQuery({ ...search, ...queue.paging });
  const items = list.data?.items ?? [];
  const selected = items.find((w) => w.id === selectedId) ?? null;
  const flagsOf = useRowFlags(
    'withdrawal',
    items.map((w) => w.id),
  );

  return (
    <QueueShell
      title={t('withdrawals.title')}
      queue={queue}
      exportUrl="/admin/withdrawals/export"
      exportFilters={search}
      filterFields={[
        {
          name: 'status',
          label: t('withdrawals.state'),
          kind: 'select',
          options: [
            { value: '3', label: t('withdrawals.underReview') },
            { value: '1', label: t('withdrawals.status1') },
            { value: '2', label: t('withdrawals.status2') },
            { value: '', label: t('filters.any') },
          ],
        },
        shared.user,
        { name: 'destination', label: t('withdrawals.account'), kind: 'text' },
        ...shared.amounts,
        ...shared.days,
      ]}
      list={list}
      listLabel={t('withdrawals.listLabel')}
      columns={[
        { key: 'id', header: t('withdrawals.id'), cell: (w) => `#${w.id}` },
        { key: 'user', header: t('withdrawals.user'), cell: (w) => w.account },
        { key: 'amount', header: t('withdrawals.amount'), numeric: true, cell: (w) => formatMoney(w.amount, lang) },
        {
          key: 'submitted',
          header: t('withdrawals.submitted'),
          cell: (w) => formatDateTime(w.created_at, lang, 'short'),
        },
        {
          key: 'state',
          header: t('withdrawals.state'),
          cell: (w) =>
            w.first_approved_by ? (
              <span className={`${ui.badge} ${ui.badgeWarn}`}>
                {w.first_approved_by === me ? t('deposits.approvedByMe') : t('deposits.halfApproved')}
              </span>
            ) : (
              t(`withdrawals.status${w.status}`)
            ),
        },
        { key: 'risk', header: t('risk.column'), cell: (w) => <RowFlags flags={flagsOf(w.id)} /> },
      ]}
      onSelect={(id) => {
        queue.setSelectedId(id);
        setLast(null);
      }}
      openLabel={(w) => t('withdrawals.open', { id: w.id })}
      rowTestId={(w) => `withdrawal-row-${w.id}`}
      triage={{
        queue: 'withdrawals',
        describe: (w) => `#${w.id} · ${w.account} · ${formatMoney(w.amount, lang)}`,
        userOf: (w) => w.user_id,
      }}
      empty={filters.status === '3' ? t('withdrawals.empty') : t('withdrawals.emptySearch')}
      notice={
        filters.id ? (
          <>
            {t('withdrawals.linked', { id: filters.id })} <Link to="/withdrawals">{t('withdrawals.backToQueue')}</Link>
          </>
        ) : null
      }
      detailLabel={t('withdrawals.detailLabel')}
      placeholder={t('withdrawals.pick')}
      detail={
        selected ? (
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
        ) : null
      }
    />
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
  const context = useWithdrawalQuery(w.id);
  const boundAt = formatDateTime(context.data?.bound_at, lang);
  const open = w.status === 3;

  return (
    <>
      <DetailHeader title={t('withdrawals.detailTitle', { id: w.id })} state={t(`withdrawals.status${w.status}`)}>
        <div className={page.toolbar} style={{ marginInlineStart: 'auto', display: open ? undefined : 'none' }}>
          <DecisionButtons approve={t('withdrawals.approve')} refuse={t('withdrawals.refuse')} onAsk={setAsking} />
        </div>
      </DetailHeader>
      <div className={page.detailBody}>
        {outcome && (
          <div className={outcome === 'waiting_for_second' ? ui.notice : ui.success} role="status">
            {t(`withdrawals.outcome.${outcome}`, { id: w.id })}
          </div>
        )}
        <RiskFlags userId={w.user_id} item={{ kind: 'withdrawal', id: w.id }} />
        <div className={page.amount}>{formatMoney(w.received, lang)}</div>
        <dl className={page.facts}>
          <dt>{t('withdrawals.amount')}</dt>
          <dd>{formatMoney(w.amount, lang)}</dd>
          <dt>{t('withdrawals.fee')}</dt>
          <dd>{formatMoney(w.fee, lang)}</dd>
          <dt>{t('withdrawals.received')}</dt>
          <dd>{formatMoney(w.received, lang)}</dd>
          <dt>{t('withdrawals.user')}</dt>
          <dd>
            #{w.user_id} · <Link to={`/users/${w.user_id}`}>{t('withdrawals.userPage')}</Link>
            <UserTags userId={w.user_id} />
          </dd>
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
                <dt>{t('withdrawals.realName')}</dt>
                <dd data-testid="real-name">
                  <RealName holder={w.pay_to.holder} realName={context.data?.real_name} />
                </dd>
                <dt>{t('withdrawals.branch')}</dt>
                <dd>{w.pay_to.branch ?? '—'}</dd>
                <dt>{t('withdrawals.boundAt')}</dt>
                <dd data-testid="bound-at">{boundAt}</dd>
              </dl>
            ) : (
              <p className={ui.hint}>{t('withdrawals.methodGone', { destination: w.destination })}</p>
            )}
          </div>
        </div>
        <ReviewContext id={w.id} />
        <FourEyesNotice firstApprovedBy={w.first_approved_by} me={me} justHeld={outcome === 'waiting_for_second'} />
        <MoneyTimeline steps={w.timeline} />
      </div>
      {asking && (
        <ReasonDialog
          title={t(`withdrawals.confirm.${asking}`, { id: w.id })}
          confirmLabel={t(`withdrawals.${asking}`)}
          tone={asking === 'refuse' ? 'danger' : 'primary'}
          templateUse={asking === 'refuse' ? 'withdrawal_refuse' : undefined}
          onClose={() => setAsking(null)}
          onConfirm={async (reason, templateId) => {
            if (asking === 'approve') {
              const answer = await approve({ id: w.id, reason }).unwrap();
              onDecided(answer.waiting_for_second ? 'waiting_for_second' : 'paid');
            } else {
              await refuse({ id: w.id, reason, template_id: templateId }).unwrap();
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

/** The verified real name beside the holder, marked when the two differ as the risk rule sees it. */
function RealName({ holder, realName }: { holder: string | null; realName: string | null | undefined }) {
  const { t } = useTranslation();
  if (realName === undefined) return <>…</>;
  if (realName === null) return <span className={ui.hint}>{t('withdrawals.notVerified')}</span>;
  const differs = holder !== null && !sameWrittenName(holder, realName);
  return (
    <>
      {realName} {differs && <span className={`${ui.badge} ${ui.badgeDanger}`}>{t('withdrawals.holderDiffers')}</span>}
    </>
  );
}

/**
 * What a reviewer checks before paying: money in and trading since the last deposit (a deposit taken straight back
 * out is the pattern to see), the holds running and the user's security changes of the last 30 days.
 */
function ReviewContext({ id }: { id: number }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const context = useWithdrawalQuery(id);
  if (!context.data) return null;
  const since = context.data.since_last_deposit;
  return (
    <>
      <div className={ui.panel} data-testid="since-deposit">
        <div className={ui.panelBody}>
          <h3 className={ui.label} style={{ marginBottom: 8 }}>
            {t('withdrawals.sinceDeposit')}
          </h3>
          <dl className={page.facts}>
            <dt>{t('withdrawals.lastDeposit')}</dt>
            <dd>
              {since.deposit ? (
                <Link to={`/deposits?id=${since.deposit.id}`}>
                  {t('withdrawals.depositLine', {
                    id: since.deposit.id,
                    amount: formatMoney(since.deposit.amount, lang),
                    at: formatDateTime(since.deposit.at, lang),
                  })}
                </Link>
              ) : (
                t('withdrawals.noDeposit')
              )}
            </dd>
            <dt>{t('withdrawals.ordersSince')}</dt>
            <dd>{since.orders}</dd>
            <dt>{t('withdrawals.staked')}</dt>
            <dd>{formatMoney(since.staked, lang)}</dd>
            <dt>{t('withdrawals.net')}</dt>
            <dd>{formatMoney(since.net, lang)}</dd>
          </dl>
          {since.orders === 0 && since.deposit && <div className={ui.notice}>{t('withdrawals.noTrading')}</div>}
        </div>
      </div>
      <SecurityContext {...context.data} />
    </>
  );
}

/** The holds running and the user's security changes of the last 30 days. */
function SecurityContext({
  holds,
  security_changes: changes,
  locked,
}: Pick<AdminWithdrawalDetail, 'holds' | 'locked' | 'security_changes'>) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <div className={ui.panel}>
      <div className={ui.panelBody}>
        <h3 className={ui.label} style={{ marginBottom: 8 }}>
          {t('withdrawals.security')}
        </h3>
        {locked && <div className={ui.alert}>{t('withdrawals.locked')}</div>}
        {holds.map((h) => (
          <div key={h.kind} className={ui.notice} data-testid={`hold-${h.kind}`}>
            {t(`withdrawals.hold.${h.kind}`, { until: formatDateTime(h.until, lang) })}
          </div>
        ))}
        {changes.length === 0 ? (
          <p className={ui.hint}>{t('withdrawals.noChanges')}</p>
        ) : (
          <ol className={page.timeline} aria-label={t('withdrawals.security')}>
            {changes.map((c, index) => (
              <li key={index}>
                {formatDateTime(c.at, lang)} · {t(`withdrawals.change.${c.kind}`)}
                {c.detail ? ` · ${c.detail}` : ''}
              </li>
            ))}
          </ol>
        )}
      </div>
    </div>
  );
}
