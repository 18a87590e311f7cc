import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HeldChange, HeldChangeDecision } from '@app/contracts';
import { PanelHeading } from './panel-heading.tsx';
import { ReasonDialog } from './reason-dialog.tsx';
import { ShownOnceDialog } from './shown-once-dialog.tsx';
import page from './page.module.css';
import ui from './ui.module.css';
import { formatDateTime } from '../lib/format.ts';
import { useLanguage, useSession } from '../lib/hooks.ts';
import { useDecideHeldChangeMutation, useHeldChangesQuery } from '../lib/held-changes-api.ts';

type Decision = { change: HeldChange; decision: 'approve' | 'refuse' };

/**
 * The changes of this editor's controls that wait for a second operator (maker-checker): what each would change,
 * who proposed it and why. Another operator approves or refuses it with a reason; the maker can only withdraw
 * their own. Shows nothing when nothing waits.
 */
export function HeldChangesPanel({
  targets,
  fieldLabel = (field) => field,
  valueLabel = (_field, value) => String(value ?? '—'),
  onDecided,
}: {
  /** The targets this editor owns: `wallet:settings`, or a kind with its colon (`plan:`); one or several. */
  targets: string | string[];
  fieldLabel?: (field: string) => string;
  /** A value in the console's words (a role's name); as it is by default. */
  valueLabel?: (field: string, value: HeldChange['fields'][number]['before']) => string;
  /** Called after a decision, for an editor whose reads no tag refreshes. */
  onDecided?: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const me = useSession().operator?.name;
  const list = useHeldChangesQuery();
  const [decide] = useDecideHeldChangeMutation();
  const [asking, setAsking] = useState<Decision | null>(null);
  const [ticket, setTicket] = useState<HeldChangeDecision['invitation'] & { name: string }>();
  const owned = Array.isArray(targets) ? targets : [targets];
  const items = (list.data?.items ?? []).filter((h) =>
    owned.some((target) => (target.endsWith(':') ? h.target.startsWith(target) : h.target === target)),
  );
  const shown = ticket && (
    <ShownOnceDialog
      title={t('operators.ticketTitle', { name: ticket.name })}
      intro={t('operators.ticketIntro', { name: ticket.name, until: formatDateTime(ticket.expires_at, lang) })}
      secret={ticket.ticket}
      onDone={() => setTicket(undefined)}
      testId="invitation-ticket"
    />
  );
  if (items.length === 0) return shown || null;
  const id = `held-${owned[0]!.replace(/[^a-z]/g, '')}-title`;

  return (
    <section className={ui.panel} aria-labelledby={id} data-testid="held-changes">
      <div className={`${ui.panelBody} ${page.stack}`}>
        <PanelHeading id={id} title={t('heldChanges.title')} hint={t('heldChanges.hint')} />
        {items.map((change) => {
          const mine = change.proposed_by === me;
          return (
            <div key={change.id} className={ui.notice} role="status" data-testid={`held-change-${change.id}`}>
              <strong>{t('heldChanges.waiting')}</strong> <span className={page.mono}>{change.target}</span>
              <ul>
                {change.fields.map((f) => (
                  <li key={f.field}>
                    {fieldLabel(f.field)}: {valueLabel(f.field, f.before)} →{' '}
                    <strong>{valueLabel(f.field, f.after)}</strong>
                  </li>
                ))}
              </ul>
              <p>
                {t('heldChanges.proposedBy', {
                  name: change.proposed_by,
                  when: formatDateTime(change.created_at, lang, 'short'),
                  reason: change.proposal_reason,
                })}
              </p>
              {mine && <p className={ui.hint}>{t('heldChanges.yours')}</p>}
              <div className={ui.actions} style={{ justifyContent: 'flex-start' }}>
                {!mine && (
                  <button
                    type="button"
                    className={`${ui.button} ${ui.primary}`}
                    onClick={() => setAsking({ change, decision: 'approve' })}
                  >
                    {t('heldChanges.approve')}
                  </button>
                )}
                <button
                  type="button"
                  className={`${ui.button} ${ui.danger}`}
                  onClick={() => setAsking({ change, decision: 'refuse' })}
                >
                  {mine ? t('heldChanges.withdraw') : t('heldChanges.refuse')}
                </button>
              </div>
            </div>
          );
        })}
      </div>
      {asking && (
        <ReasonDialog
          title={t(`heldChanges.confirm.${asking.decision}`, { target: asking.change.target })}
          confirmLabel={asking.decision === 'approve' ? t('heldChanges.approve') : t('heldChanges.refuse')}
          tone={asking.decision === 'approve' ? 'primary' : 'danger'}
          onClose={() => setAsking(null)}
          onConfirm={async (reason) => {
            const decided = await decide({ id: asking.change.id, decision: asking.decision, reason }).unwrap();
            // An approved invitation's ticket is shown once, to the approver: the maker never sees it.
            if (decided.invitation) {
              const name = decided.fields.find((f) => f.field === 'name')?.after;
              setTicket({ ...decided.invitation, name: String(name) });
            }
            onDecided?.();
          }}
        >
          <ul>
            {asking.change.fields.map((f) => (
              <li key={f.field}>
                {fieldLabel(f.field)}: {valueLabel(f.field, f.before)} → <strong>{valueLabel(f.field, f.after)}</strong>
              </li>
            ))}
          </ul>
        </ReasonDialog>
      )}
      {shown}
    </section>
  );
}
