import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminKycItem } from '@app/contracts';
import { useSharedFilters } from '../../../components/filter-bar.tsx';
import { useQueueState } from '../../../components/queue-state.ts';
import page from '../../../components/page.module.css';
import { QueueShell } from '../../../components/queue-shell.tsx';
import { ReasonDialog } from '../../../components/reason-dialog.tsx';
import { DecisionButtons, DetailHeader } from '../../../components/detail-header.tsx';
import ui from '../../../components/ui.module.css';
import { formatDateTime } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/hooks.ts';
import { useDecideKycMutation, useKycListQuery, useReadKycDocumentMutation } from '../api/kyc-api.ts';

/** Real-name requests: the pending queue (oldest first) and the decided ones; beside it, the one opened. */
export function KycQueue() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const queue = useQueueState({ state: 'pending' });
  const { filters, selectedId } = queue;
  const shared = useSharedFilters();
  const [decided, setDecided] = useState<AdminKycItem | null>(null);
  const state = (filters.state || undefined) as AdminKycItem['state'] | undefined;
  const list = useKycListQuery({ state, user: filters.user, ...queue.paging });
  const items = list.data?.items ?? [];
  const selected = items.find((k) => k.id === selectedId) ?? (decided?.id === selectedId ? decided : null);

  return (
    <QueueShell
      title={t('kyc.title')}
      queue={queue}
      exportUrl="/admin/kyc/export"
      exportFilters={{ state, user: filters.user }}
      filterFields={[
        {
          name: 'state',
          label: t('kyc.stateFilter'),
          kind: 'select',
          options: [
            { value: 'pending', label: t('kyc.state.pending') },
            { value: 'approved', label: t('kyc.state.approved') },
            { value: 'refused', label: t('kyc.state.refused') },
            { value: '', label: t('filters.any') },
          ],
        },
        shared.user,
      ]}
      list={list}
      listLabel={t('kyc.title')}
      columns={[
        { key: 'id', header: t('kyc.id'), cell: (k) => `#${k.id}` },
        { key: 'user', header: t('filters.user'), cell: (k) => k.account },
        { key: 'name', header: t('kyc.realName'), cell: (k) => k.real_name },
        { key: 'doc', header: t('kyc.document'), cell: (k) => <span className={page.mono}>{k.id_number_masked}</span> },
        { key: 'submitted', header: t('kyc.submitted'), cell: (k) => formatDateTime(k.created_at, lang, 'short') },
      ]}
      openLabel={(k) => t('kyc.open', { id: k.id })}
      rowTestId={(k) => `kyc-row-${k.id}`}
      triage={{
        queue: 'kyc',
        describe: (k) => `#${k.id} · ${k.account} · ${k.real_name}`,
        userOf: (k) => k.user_id,
      }}
      empty={t('kyc.empty')}
      detailLabel={t('kyc.detailLabel')}
      placeholder={t('kyc.pick')}
      detail={selected ? <KycDetail key={selected.id} item={selected} onDecided={setDecided} /> : null}
    />
  );
}

function KycDetail({ item, onDecided }: { item: AdminKycItem; onDecided: (item: AdminKycItem) => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [readDocument] = useReadKycDocumentMutation();
  const [decide] = useDecideKycMutation();
  const [number, setNumber] = useState<string | null>(null);
  const [asking, setAsking] = useState<'document' | 'approve' | 'refuse' | null>(null);
  const pending = item.state === 'pending';
  return (
    <>
      <DetailHeader title={t('kyc.detailTitle', { id: item.id })} state={t(`kyc.state.${item.state}`)}>
        {pending && (
          <div className={page.toolbar} style={{ marginInlineStart: 'auto' }}>
            <DecisionButtons approve={t('kyc.approve')} refuse={t('kyc.refuse')} onAsk={setAsking} />
          </div>
        )}
      </DetailHeader>
      <div className={page.detailBody}>
        <dl className={page.facts}>
          <dt>{t('filters.user')}</dt>
          <dd>
            #{item.user_id} · {item.account}
          </dd>
          <dt>{t('kyc.realName')}</dt>
          <dd>{item.real_name}</dd>
          <dt>{t('kyc.docType')}</dt>
          <dd>{t(`kyc.docTypes.${item.doc_type}`)}</dd>
          <dt>{t('kyc.document')}</dt>
          <dd>
            <span className={page.mono} data-testid="kyc-number">
              {number ?? item.id_number_masked}
            </span>{' '}
            {number === null ? (
              <button type="button" className={`${ui.button} ${ui.small}`} onClick={() => setAsking('document')}>
                {t('kyc.showDocument')}
              </button>
            ) : (
              <button type="button" className={`${ui.button} ${ui.small}`} onClick={() => setNumber(null)}>
                {t('kyc.hideDocument')}
              </button>
            )}
          </dd>
          <dt>{t('kyc.submitted')}</dt>
          <dd>{formatDateTime(item.created_at, lang)}</dd>
          <dt>{t('kyc.decidedBy')}</dt>
          <dd>{item.decided_by ? `${item.decided_by} · ${formatDateTime(item.decided_at, lang)}` : '—'}</dd>
          {item.reason && (
            <>
              <dt>{t('kyc.reason')}</dt>
              <dd>{item.reason}</dd>
            </>
          )}
        </dl>
        <p className={ui.hint}>{t('kyc.documentAudited')}</p>
      </div>
      {asking === 'document' && (
        <ReasonDialog
          title={t('kyc.documentTitle', { id: item.id })}
          confirmLabel={t('kyc.showDocument')}
          onClose={() => setAsking(null)}
          onConfirm={async (reason) => setNumber((await readDocument({ id: item.id, reason }).unwrap()).id_number)}
        >
          <p className={ui.hint}>{t('kyc.documentAudited')}</p>
        </ReasonDialog>
      )}
      {(asking === 'approve' || asking === 'refuse') && (
        <ReasonDialog
          title={t(`kyc.confirm.${asking}`, { id: item.id })}
          confirmLabel={t(`kyc.${asking}`)}
          tone={asking === 'refuse' ? 'danger' : 'primary'}
          templateUse={asking === 'refuse' ? 'kyc_refuse' : undefined}
          onClose={() => setAsking(null)}
          onConfirm={async (reason, templateId) =>
            onDecided(await decide({ id: item.id, decision: asking, reason, template_id: templateId }).unwrap())
          }
        >
          {asking === 'refuse' && <p className={ui.hint}>{t('kyc.refuseHint')}</p>}
        </ReasonDialog>
      )}
    </>
  );
}
