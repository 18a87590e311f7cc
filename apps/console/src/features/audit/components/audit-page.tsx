import { useTranslation } from 'react-i18next';
import { dayRange, useSharedFilters } from '../../../components/filter-bar.tsx';
import { useQueueState } from '../../../components/queue-state.ts';
import page from '../../../components/page.module.css';
import { QueueShell } from '../../../components/queue-shell.tsx';
import { DetailHeader } from '../../../components/detail-header.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/hooks.ts';
import { useAuditQuery } from '../api/audit-api.ts';
import type { AdminAuditItem } from '@app/contracts';

/**
 * The audit log: every operator act, newest first, by operator, action, target and time; exportable. Each entry
 * names the credential that acted (a console session or which API token), so a leaked token's acts can be found.
 */
export function AuditPage() {
  const { t } = useTranslation();
  const credential = (a: AdminAuditItem) => t(`audit.credentialKind.${a.credential}`, { id: a.token_id });
  const lang = useLanguage();
  const queue = useQueueState();
  const { filters, selectedId } = queue;
  const shared = useSharedFilters();
  const search = {
    operator: filters.operator,
    action: filters.action,
    target: filters.target,
    ...dayRange(filters),
  };
  const list = useAuditQuery({ ...search, ...queue.paging });
  const items = list.data?.items ?? [];
  const selected = items.find((a) => a.id === selectedId) ?? null;

  return (
    <QueueShell
      title={t('audit.title')}
      queue={queue}
      exportUrl="/admin/audit/export"
      exportFilters={search}
      filterFields={[
        { name: 'operator', label: t('audit.operator'), kind: 'text' },
        { name: 'action', label: t('audit.action'), kind: 'text', placeholder: t('audit.actionHint') },
        { name: 'target', label: t('audit.target'), kind: 'text', placeholder: t('audit.targetHint') },
        ...shared.days,
      ]}
      list={list}
      listLabel={t('audit.title')}
      columns={[
        { key: 'at', header: t('audit.when'), cell: (a) => formatDateTime(a.created_at, lang, 'short') },
        { key: 'operator', header: t('audit.operator'), cell: (a) => a.operator },
        { key: 'credential', header: t('audit.credential'), cell: credential },
        { key: 'action', header: t('audit.action'), cell: (a) => <span className={page.mono}>{a.action}</span> },
        { key: 'target', header: t('audit.target'), cell: (a) => <span className={page.mono}>{a.target}</span> },
      ]}
      openLabel={(a) => t('audit.open', { id: a.id })}
      rowTestId={(a) => `audit-row-${a.id}`}
      empty={t('audit.empty')}
      detailLabel={t('audit.detailLabel')}
      placeholder={t('audit.pick')}
      detail={
        selected ? (
          <>
            <DetailHeader title={t('audit.detailTitle', { id: selected.id })} />
            <div className={page.detailBody}>
              <dl className={page.facts}>
                <dt>{t('audit.when')}</dt>
                <dd>{formatDateTime(selected.created_at, lang)}</dd>
                <dt>{t('audit.operator')}</dt>
                <dd>{selected.operator}</dd>
                <dt>{t('audit.credential')}</dt>
                <dd data-testid="audit-credential">{credential(selected)}</dd>
                <dt>{t('audit.action')}</dt>
                <dd className={page.mono}>{selected.action}</dd>
                <dt>{t('audit.target')}</dt>
                <dd className={page.mono}>{selected.target}</dd>
                <dt>{t('audit.reason')}</dt>
                <dd>{selected.reason}</dd>
              </dl>
              <pre className={page.mono} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {JSON.stringify(selected.details, null, 2)}
              </pre>
            </div>
          </>
        ) : null
      }
    />
  );
}
