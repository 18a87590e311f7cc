import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminDeposit } from '@app/contracts';
import page from '../../../components/page.module.css';
import { Pager } from '../../../components/pager.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import ui from '../../../components/ui.module.css';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { useLanguage, useSession } from '../../../lib/hooks.ts';
import { useDepositsQuery } from '../api/deposits-api.ts';
import type { DepositOutcome } from '../lib/deposit-outcome.ts';
import { DepositDetail } from './deposit-detail.tsx';

const SIZE = 50;

/** Deposits waiting for an operator: the list, and beside it the one opened with its screenshot and actions. */
export function DepositQueue() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const me = useSession().operator?.name ?? '';
  const [status, setStatus] = useState<3 | 4>(3);
  const [pageNo, setPageNo] = useState(1);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  // The last decision and the deposit as it answered, still shown after it leaves the list (credited or refused).
  const [last, setLast] = useState<{ id: number; outcome: DepositOutcome; deposit: AdminDeposit } | null>(null);
  const list = useDepositsQuery({ status, page: pageNo, size: SIZE });
  const items = list.data?.items ?? [];
  const selected = items.find((d) => d.id === selectedId) ?? null;

  return (
    <div>
      <div className={page.header}>
        <div>
          <h1 className={page.title}>{t('deposits.title')}</h1>
          <p className={page.subtitle}>{t('deposits.subtitle')}</p>
        </div>
        <div className={page.toolbar}>
          <select
            className={ui.input}
            style={{ width: 'auto' }}
            aria-label={t('deposits.statusFilter')}
            value={status}
            onChange={(event) => {
              setStatus(Number(event.target.value) as 3 | 4);
              setPageNo(1);
              setSelectedId(null);
            }}
          >
            <option value={3}>{t('deposits.status3')}</option>
            <option value={4}>{t('deposits.status4')}</option>
          </select>
          <button type="button" className={ui.button} onClick={() => void list.refetch()} disabled={list.isFetching}>
            {t('common.refresh')}
          </button>
        </div>
      </div>
      <div className={page.split}>
        <section className={ui.panel} aria-label={t('deposits.listLabel')}>
          <QueryState
            isLoading={list.isLoading}
            error={list.error}
            isEmpty={items.length === 0}
            empty={<span>{status === 3 ? t('deposits.empty') : t('deposits.emptyAudit')}</span>}
            onRetry={() => void list.refetch()}
          >
            <div className={ui.tableWrap}>
              <table className={ui.table}>
                <thead>
                  <tr>
                    <th>{t('deposits.id')}</th>
                    <th>{t('deposits.reference')}</th>
                    <th className={ui.num}>{t('deposits.amount')}</th>
                    <th>{t('deposits.submitted')}</th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((deposit) => (
                    <DepositRow
                      key={deposit.id}
                      deposit={deposit}
                      selected={deposit.id === selectedId}
                      me={me}
                      onOpen={() => {
                        setSelectedId(deposit.id);
                        setLast(null);
                      }}
                      money={formatMoney(deposit.amount, lang)}
                      when={formatDateTime(deposit.created_at, lang, 'short')}
                    />
                  ))}
                </tbody>
              </table>
            </div>
            <Pager page={pageNo} hasMore={items.length === SIZE} onPage={setPageNo} />
          </QueryState>
        </section>
        <section className={`${ui.panel} ${page.detail}`} aria-label={t('deposits.detailLabel')}>
          {selected ? (
            <DepositDetail
              key={selected.id}
              deposit={selected}
              me={me}
              outcome={last?.id === selected.id ? last.outcome : null}
              onDecided={(outcome, record) =>
                setLast({ id: selected.id, outcome, deposit: { ...selected, ...record } })
              }
            />
          ) : last ? (
            <DepositDetail key={last.id} deposit={last.deposit} me={me} outcome={last.outcome} />
          ) : (
            <div className={page.placeholder}>{t('deposits.pick')}</div>
          )}
        </section>
      </div>
    </div>
  );
}

function DepositRow({
  deposit,
  selected,
  me,
  onOpen,
  money,
  when,
}: {
  deposit: AdminDeposit;
  selected: boolean;
  me: string;
  onOpen: () => void;
  money: string;
  when: string;
}) {
  const { t } = useTranslation();
  const reused = deposit.flags.same_image_as.length > 0 || deposit.flags.same_transfer_note_as.length > 0;
  return (
    <tr
      className={`${ui.rowButton} ${selected ? ui.rowSelected : ''}`}
      onClick={onOpen}
      aria-selected={selected}
      data-testid={`deposit-row-${deposit.id}`}
    >
      <td>
        <button
          type="button"
          onClick={onOpen}
          style={{ all: 'unset', cursor: 'pointer', fontWeight: 600 }}
          aria-label={t('deposits.open', { id: deposit.id })}
        >
          #{deposit.id}
        </button>
      </td>
      <td>
        <span className={page.mono}>{deposit.reference_code}</span>
        {(reused || deposit.first_approved_by) && (
          <span style={{ display: 'flex', gap: 4, flexWrap: 'wrap', marginTop: 4 }}>
            {reused && <span className={`${ui.badge} ${ui.badgeDanger}`}>{t('deposits.reused')}</span>}
            {deposit.first_approved_by && (
              <span className={`${ui.badge} ${ui.badgeWarn}`}>
                {deposit.first_approved_by === me ? t('deposits.approvedByMe') : t('deposits.halfApproved')}
              </span>
            )}
          </span>
        )}
      </td>
      <td className={ui.num}>{money}</td>
      <td>{when}</td>
    </tr>
  );
}
