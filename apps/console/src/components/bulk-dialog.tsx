import { useTranslation } from 'react-i18next';
import type { AdminBulkResult } from '@app/contracts';
import { REFUSAL_TEMPLATES, useBulkDecideMutation, type BulkDecision, type TriageQueue } from '../lib/triage-api.ts';
import { Dialog } from './dialog.tsx';
import { ReasonDialog } from './reason-dialog.tsx';
import ui from './ui.module.css';

export type BulkItem = { id: number; line: string };

/**
 * One decision with one reason over the rows an operator picked: the server decides each on its own (its own
 * transaction and audit row) and answers each one's outcome, which `onDone` gets to show. A refusal of the
 * whole request (no permission, a reason too short) stays in the dialog like any act's.
 */
export function BulkDialog({
  queue,
  decision,
  items,
  onDone,
  onClose,
}: {
  queue: TriageQueue;
  decision: BulkDecision;
  items: readonly BulkItem[];
  onDone: (result: AdminBulkResult) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [decide] = useBulkDecideMutation();
  return (
    <ReasonDialog
      title={t(`triage.confirm.${decision}`, { count: items.length })}
      confirmLabel={t(`triage.${decision}`, { count: items.length })}
      tone={decision === 'refuse' ? 'danger' : 'primary'}
      templateUse={decision === 'refuse' ? REFUSAL_TEMPLATES[queue] : undefined}
      onClose={onClose}
      onConfirm={async (reason, templateId) =>
        onDone(await decide({ queue, decision, ids: items.map((i) => i.id), reason, template_id: templateId }).unwrap())
      }
    >
      <ul className={ui.bulkList} aria-label={t('triage.itemsLabel')} data-testid="bulk-items">
        {items.map((item) => (
          <li key={item.id}>{item.line}</li>
        ))}
      </ul>
      <p className={ui.hint}>
        {t('triage.eachOwn')}
        {decision === 'approve' && queue !== 'kyc' ? ` ${t('triage.fourEyesHint')}` : ''}
      </p>
    </ReasonDialog>
  );
}

/**
 * What became of each item of a bulk act, every one listed: done, held for a second operator (four-eyes), or
 * refused by the server with its message. A partial success says so in its title.
 */
export function BulkResults({
  decision,
  result,
  lineOf,
  onClose,
}: {
  decision: BulkDecision;
  result: AdminBulkResult;
  lineOf: (id: number) => string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const parts = (['done', 'held', 'refused'] as const)
    .filter((o) => result[o] > 0)
    .map((o) => t(`triage.count.${decision}.${o}`, { count: result[o] }));
  const tone = result.refused > 0 ? ui.alert : result.held > 0 ? ui.notice : ui.success;
  return (
    <Dialog title={t(`triage.resultTitle.${decision}`)} onClose={onClose} testId="bulk-results">
      <div className={tone} role="status">
        {parts.join(' · ')}
        {result.refused > 0 && result.refused < result.items.length ? ` — ${t('triage.partial')}` : ''}
      </div>
      <div className={ui.tableWrap} style={{ maxHeight: 320, overflowY: 'auto' }}>
        <table className={ui.table} aria-label={t('triage.resultsLabel')}>
          <thead>
            <tr>
              <th scope="col">{t('triage.item')}</th>
              <th scope="col">{t('triage.outcome')}</th>
              <th scope="col">{t('triage.message')}</th>
            </tr>
          </thead>
          <tbody>
            {result.items.map((item) => (
              <tr key={item.id} data-testid={`bulk-result-${item.id}`} data-outcome={item.outcome}>
                <td>{lineOf(item.id)}</td>
                <td>
                  <span
                    className={`${ui.badge} ${item.outcome === 'refused' ? ui.badgeDanger : item.outcome === 'held' ? ui.badgeWarn : ui.badgeOk}`}
                  >
                    {t(`triage.outcomes.${decision}.${item.outcome}`)}
                  </span>
                </td>
                <td>
                  {item.outcome === 'held' ? t('triage.heldMessage') : item.outcome === 'refused' ? item.msg : '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className={ui.actions}>
        <button type="button" className={`${ui.button} ${ui.primary}`} onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
    </Dialog>
  );
}
