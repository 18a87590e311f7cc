import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AdminDeposit } from '@app/contracts';
import page from '../../../components/page.module.css';
import { moneyFilters, useSharedFilters } from '../../../components/filter-bar.tsx';
import { useLinkedItem, useQueueState } from '../../../components/queue-state.ts';
import { QueueShell } from '../../../components/queue-shell.tsx';
import { RowFlags, useRowFlags } from '../../../components/risk-flags.tsx';
import ui from '../../../components/ui.module.css';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { useLanguage, useSession } from '../../../lib/hooks.ts';
import { useDepositsQuery } from '../api/deposits-api.ts';
import type { DepositOutcome } from '../lib/deposit-outcome.ts';
import { DepositDetail } from './deposit-detail.tsx';

/**
 * Deposits: the review queue (under review by default) and the search over every deposit by reference code,
 * user, amount and date range; beside the list, the one opened with its screenshot and actions. A link naming one
 * (`#/deposits?id=12`, from search everything) lists that deposit alone, opened, whatever its state.
 */
export function DepositQueue() {
  const linked = useLinkedItem();
  return <DepositQueuePage key={linked.key} linked={linked.id} />;
}

function DepositQueuePage({ linked }: { linked: number | null }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const me = useSession().operator?.name ?? '';
  const queue = useQueueState(linked ? { id: String(linked) } : { status: '3' }, linked);
  const { filters, selectedId } = queue;
  const shared = useSharedFilters();
  // The last decision and the deposit as it answered, still shown after it leaves the list (credited or refused).
  const [last, setLast] = useState<{ id: number; outcome: DepositOutcome; deposit: AdminDeposit } | null>(null);
  const search = { ...moneyFilters(filters), reference: filters.reference };
  const list = useDepositsQuery({ ...search, ...queue.paging });
  const items = list.data?.items ?? [];
  const selected = items.find((d) => d.id === selectedId) ?? null;
  const flagsOf = useRowFlags(
    'deposit',
    items.map((d) => d.id),
  );

  return (
    <QueueShell
      title={t('deposits.title')}
      queue={queue}
      exportUrl="/admin/deposits/export"
      exportFilters={search}
      filterFields={[
        {
          name: 'status',
          label: t('deposits.statusFilter'),
          kind: 'select',
          options: [
            { value: '3', label: t('deposits.status3') },
            { value: '4', label: t('deposits.status4') },
            { value: '1', label: t('deposits.status1') },
            { value: '2', label: t('deposits.status2') },
            { value: '', label: t('filters.any') },
          ],
        },
        { name: 'reference', label: t('deposits.reference'), kind: 'text' },
        shared.user,
        ...shared.amounts,
        ...shared.days,
      ]}
      list={list}
      listLabel={t('deposits.listLabel')}
      columns={[
        { key: 'id', header: t('deposits.id'), cell: (d) => `#${d.id}` },
        { key: 'reference', header: t('deposits.reference'), cell: (d) => <ReferenceCell deposit={d} me={me} /> },
        { key: 'user', header: t('filters.user'), cell: (d) => d.account },
        { key: 'amount', header: t('deposits.amount'), numeric: true, cell: (d) => formatMoney(d.amount, lang) },
        { key: 'submitted', header: t('deposits.submitted'), cell: (d) => formatDateTime(d.created_at, lang, 'short') },
        { key: 'risk', header: t('risk.column'), cell: (d) => <RowFlags flags={flagsOf(d.id)} /> },
      ]}
      onSelect={(id) => {
        queue.setSelectedId(id);
        setLast(null);
      }}
      openLabel={(d) => t('deposits.open', { id: d.id })}
      rowTestId={(d) => `deposit-row-${d.id}`}
      triage={{
        queue: 'deposits',
        describe: (d) => `#${d.id} · ${d.reference_code} · ${d.account} · ${formatMoney(d.amount, lang)}`,
        userOf: (d) => d.user_id,
      }}
      empty={
        filters.status === '4'
          ? t('deposits.emptyAudit')
          : filters.status === '3'
            ? t('deposits.empty')
            : t('deposits.emptySearch')
      }
      notice={
        filters.id ? (
          <>
            {t('deposits.linked', { id: filters.id })} <Link to="/deposits">{t('deposits.backToQueue')}</Link>
          </>
        ) : null
      }
      detailLabel={t('deposits.detailLabel')}
      placeholder={t('deposits.pick')}
      detail={
        selected ? (
          <DepositDetail
            key={selected.id}
            deposit={selected}
            me={me}
            outcome={last?.id === selected.id ? last.outcome : null}
            onDecided={(outcome, record) => setLast({ id: selected.id, outcome, deposit: { ...selected, ...record } })}
          />
        ) : last ? (
          <DepositDetail key={last.id} deposit={last.deposit} me={me} outcome={last.outcome} />
        ) : null
      }
    />
  );
}

function ReferenceCell({ deposit, me }: { deposit: AdminDeposit; me: string }) {
  const { t } = useTranslation();
  const reused = deposit.flags.same_image_as.length > 0 || deposit.flags.same_transfer_note_as.length > 0;
  return (
    <>
      <span className={page.mono}>{deposit.reference_code}</span>
      {(reused || deposit.first_approved_by) && (
        <span className={ui.badgeRow} style={{ marginTop: 4 }}>
          {reused && <span className={`${ui.badge} ${ui.badgeDanger}`}>{t('deposits.reused')}</span>}
          {deposit.first_approved_by && (
            <span className={`${ui.badge} ${ui.badgeWarn}`}>
              {deposit.first_approved_by === me ? t('deposits.approvedByMe') : t('deposits.halfApproved')}
            </span>
          )}
        </span>
      )}
    </>
  );
}
