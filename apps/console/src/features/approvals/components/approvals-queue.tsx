import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ApprovalItem } from '@app/contracts';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryTable } from '../../../components/query-table.tsx';
import { ReasonDialog } from '../../../components/reason-dialog.tsx';
import page from '../../../components/page.module.css';
import ui from '../../../components/ui.module.css';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { useLanguage, usePermission } from '../../../lib/hooks.ts';
import { useApprovalsQuery, useDecideApprovalMutation } from '../api/approvals-api.ts';

type Asking = { item: ApprovalItem; decision: 'approve' | 'refuse' };

const key = (item: ApprovalItem) => `${item.kind}-${item.id}`;

/**
 * Everything waiting for this operator's approval in one list: deposits and withdrawals another operator
 * approved first, held balance adjustments and held changes of a control. What the operator made or approved
 * first is not here (it waits for someone else). Each is approved or refused with a reason, one audited act each.
 */
export function ApprovalsQueue() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const canReadUsers = usePermission('users.read');
  const list = useApprovalsQuery();
  const [decide] = useDecideApprovalMutation();
  const [asking, setAsking] = useState<Asking | null>(null);
  const items = list.data?.items ?? [];
  const kindLabel = (item: ApprovalItem) => t(`approvals.kind.${item.kind}`);

  return (
    <div className={page.stack}>
      <PageHeader title={t('approvals.title')} subtitle={t('approvals.subtitle')} />
      <section className={ui.panel}>
        <QueryTable
          query={list}
          items={items}
          empty={t('approvals.empty')}
          label={t('approvals.listLabel')}
          testId="approvals-list"
        >
          <thead>
            <tr>
              <th scope="col">{t('approvals.what')}</th>
              <th scope="col">{t('approvals.subject')}</th>
              <th scope="col">{t('approvals.user')}</th>
              <th scope="col" className={ui.num}>
                {t('approvals.amount')}
              </th>
              <th scope="col">{t('approvals.firstBy')}</th>
              <th scope="col">{t('approvals.since')}</th>
              <th scope="col">{t('approvals.acts')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={key(item)} data-testid={`approval-${key(item)}`}>
                <td>
                  <span className={ui.badge}>{kindLabel(item)}</span> #{item.id}
                </td>
                <td>
                  <span className={page.mono}>{item.subject}</span>
                  {item.fields && item.fields.length > 0 && (
                    <ul className={ui.hint}>
                      {item.fields.map((f) => (
                        <li key={f.field}>
                          {f.field}: {String(f.before ?? '—')} → <strong>{String(f.after ?? '—')}</strong>
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
                <td>
                  {item.user_id === null ? (
                    '—'
                  ) : canReadUsers ? (
                    <Link to={`/users/${item.user_id}`}>#{item.user_id}</Link>
                  ) : (
                    `#${item.user_id}`
                  )}
                </td>
                <td className={ui.num}>{item.amount === null ? '—' : formatMoney(item.amount, lang)}</td>
                <td>
                  {item.first_by}
                  {item.first_reason && <div className={ui.hint}>{item.first_reason}</div>}
                </td>
                <td>{formatDateTime(item.created_at, lang, 'short')}</td>
                <td>
                  <div className={ui.actions} style={{ justifyContent: 'flex-end', flexWrap: 'nowrap' }}>
                    <button
                      type="button"
                      className={`${ui.button} ${ui.small} ${ui.primary}`}
                      onClick={() => setAsking({ item, decision: 'approve' })}
                    >
                      {t('approvals.approve')}
                    </button>
                    <button
                      type="button"
                      className={`${ui.button} ${ui.small} ${ui.danger}`}
                      onClick={() => setAsking({ item, decision: 'refuse' })}
                    >
                      {t('approvals.refuse')}
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </QueryTable>
      </section>
      {asking && (
        <ReasonDialog
          title={t(`approvals.confirm.${asking.decision}`, { what: kindLabel(asking.item), id: asking.item.id })}
          confirmLabel={asking.decision === 'approve' ? t('approvals.approve') : t('approvals.refuse')}
          tone={asking.decision === 'approve' ? 'primary' : 'danger'}
          onClose={() => setAsking(null)}
          onConfirm={(reason) =>
            decide({ kind: asking.item.kind, id: asking.item.id, decision: asking.decision, reason }).unwrap()
          }
        >
          <p>
            {asking.item.subject}
            {asking.item.amount !== null && <> · {formatMoney(asking.item.amount, lang)}</>} ·{' '}
            {t('approvals.firstByLine', { name: asking.item.first_by })}
          </p>
        </ReasonDialog>
      )}
    </div>
  );
}
