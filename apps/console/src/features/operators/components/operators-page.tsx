import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Operator, OperatorRole } from '@app/contracts';
import { errorText } from '../../../components/error-text.ts';
import page from '../../../components/page.module.css';
import { ManagedList } from '../../../components/managed-list.tsx';
import { MIN_REASON } from '../../../components/reason-dialog.tsx';
import { ShownOnceDialog } from '../../../components/shown-once-dialog.tsx';
import { Field } from '../../../components/field.tsx';
import { RoleSelect } from '../../../components/role-select.tsx';
import ui from '../../../components/ui.module.css';
import { formatDateTime } from '../../../lib/format.ts';
import { useLanguage, useSession } from '../../../lib/hooks.ts';
import {
  useChangeOperatorMutation,
  useInviteOperatorMutation,
  useOperatorsQuery,
  type OperatorChange,
} from '../api/operators-api.ts';
import { OperatorSessions } from './operator-sessions.tsx';
import { RoleDialog } from './role-dialog.tsx';
import { HeldChangesPanel } from '../../../components/held-changes-panel.tsx';

const NAME = /^[a-z][a-z0-9._-]{2,31}$/;

/** The team: who may sign in with which role; invitations, and an admin's changes to other operators. */
export function OperatorsPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const me = useSession().operator?.name;
  const list = useOperatorsQuery();
  const [change] = useChangeOperatorMutation();
  const [roleOf, setRoleOf] = useState<Operator | null>(null);
  return (
    <>
      <ManagedList<Operator, OperatorChange>
        title={t('operators.title')}
        subtitle={t('operators.subtitle')}
        form={<InviteForm />}
        listLabel={t('operators.listLabel')}
        list={list}
        items={list.data?.items ?? []}
        empty={t('operators.empty')}
        rowTestId={(operator) => `operator-row-${operator.name}`}
        columns={[
          {
            key: 'name',
            header: t('operators.name'),
            cell: (operator) => (
              <>
                <strong>{operator.name}</strong>
                {operator.name === me && <span className={ui.hint}> ({t('operators.you')})</span>}
              </>
            ),
          },
          { key: 'role', header: t('operators.role'), cell: (operator) => t(`roles.${operator.role}`) },
          {
            key: 'state',
            header: t('operators.state'),
            cell: (operator) => (
              <span style={{ display: 'inline-flex', gap: 4, flexWrap: 'wrap' }}>
                {operator.disabled ? (
                  <span className={`${ui.badge} ${ui.badgeDanger}`}>{t('operators.disabled')}</span>
                ) : (
                  <span className={`${ui.badge} ${ui.badgeOk}`}>{t('operators.active')}</span>
                )}
                {!operator.totp_enrolled && (
                  <span className={`${ui.badge} ${ui.badgeWarn}`}>{t('operators.notEnrolled')}</span>
                )}
              </span>
            ),
          },
          { key: 'invitedBy', header: t('operators.invitedBy'), cell: (operator) => operator.created_by ?? '—' },
          {
            key: 'lastLogin',
            header: t('operators.lastLogin'),
            cell: (operator) => formatDateTime(operator.last_login_at, lang),
          },
        ]}
        actions={(operator, ask) =>
          operator.name !== me && (
            <span style={{ display: 'inline-flex', gap: 6 }}>
              <button
                type="button"
                className={`${ui.button} ${ui.small} ${operator.disabled ? '' : ui.danger}`}
                onClick={() => ask(operator.disabled ? 'enable' : 'disable')}
              >
                {operator.disabled ? t('operators.enable') : t('operators.disable')}
              </button>
              <button type="button" className={`${ui.button} ${ui.small}`} onClick={() => setRoleOf(operator)}>
                {t('operators.changeRole')}
              </button>
              <button type="button" className={`${ui.button} ${ui.small}`} onClick={() => ask('reset-authenticator')}>
                {t('operators.resetAuthenticator')}
              </button>
            </span>
          )
        }
        act={(operator, next) => ({
          title: t(`operators.confirm.${next}`, { name: operator.name }),
          confirmLabel: t(`operators.action.${next}`),
          tone: next === 'enable' ? 'primary' : 'danger',
          explain: t(`operators.explain.${next}`),
          confirm: (reason) => change({ id: operator.id, change: next, reason }).unwrap(),
        })}
        after={
          <>
            <HeldChangesPanel
              targets={['operator:', 'operator-name:']}
              fieldLabel={(field) => t(`operators.heldField.${field}`)}
              valueLabel={(field, value) =>
                value === null
                  ? '—'
                  : field === 'role'
                    ? t(`roles.${String(value)}`)
                    : field === 'disabled'
                      ? t(value ? 'operators.disabled' : 'operators.active')
                      : String(value)
              }
            />
            <OperatorSessions />
          </>
        }
      />
      {roleOf && <RoleDialog operator={roleOf} onClose={() => setRoleOf(null)} />}
    </>
  );
}

function InviteForm() {
  const { t } = useTranslation();
  const [invite, { isLoading }] = useInviteOperatorMutation();
  const [name, setName] = useState('');
  const [role, setRole] = useState<OperatorRole>('support');
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [ticket, setTicket] = useState<{ name: string; ticket: string; expires: number } | null>(null);
  const [proposed, setProposed] = useState<string | null>(null);
  const lang = useLanguage();
  const nameError = NAME.test(name.trim()) ? null : t('operators.nameRule');
  const reasonError = reason.trim().length >= MIN_REASON ? null : t('reason.tooShort', { count: MIN_REASON });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (nameError || reasonError || isLoading) return;
    setFailure(null);
    setProposed(null);
    try {
      const answer = await invite({ name: name.trim(), role, reason: reason.trim() }).unwrap();
      if ('held' in answer) setProposed(name.trim());
      else setTicket({ name: answer.operator.name, ticket: answer.ticket, expires: answer.expires_at });
      setName('');
      setReason('');
      setTouched(false);
    } catch (error) {
      setFailure(errorText(error, t));
    }
  };

  return (
    <section className={ui.panel} aria-labelledby="invite-title">
      <form className={`${ui.panelBody} ${page.stack}`} onSubmit={submit} noValidate>
        <h2 id="invite-title" className={ui.panelTitle}>
          {t('operators.invite')}
        </h2>
        <div className={page.formRow}>
          <Field id="invite-name" label={t('operators.name')}>
            <input
              id="invite-name"
              className={ui.input}
              autoCapitalize="none"
              spellCheck={false}
              value={name}
              aria-invalid={touched && !!nameError}
              onChange={(event) => setName(event.target.value.toLowerCase())}
            />
            {touched && nameError && <span className={ui.fieldError}>{nameError}</span>}
          </Field>
          <RoleSelect id="invite-role" label={t('operators.role')} value={role} onChange={setRole} />
          <div className={ui.field} style={{ gridColumn: 'span 2' }}>
            <label className={ui.label} htmlFor="invite-reason">
              {t('reason.label')}
            </label>
            <input
              id="invite-reason"
              className={ui.input}
              value={reason}
              maxLength={500}
              aria-invalid={touched && !!reasonError}
              onChange={(event) => setReason(event.target.value)}
            />
            {touched && reasonError && <span className={ui.fieldError}>{reasonError}</span>}
          </div>
        </div>
        <p className={ui.hint}>{t('operators.inviteHeldRule')}</p>
        {failure && (
          <div className={ui.alert} role="alert">
            {failure}
          </div>
        )}
        {proposed && (
          <div className={ui.notice} role="status" data-testid="invite-proposed">
            {t('operators.inviteProposed', { name: proposed })}
          </div>
        )}
        <div className={ui.actions} style={{ justifyContent: 'flex-start' }}>
          <button type="submit" className={`${ui.button} ${ui.primary}`} disabled={isLoading} aria-busy={isLoading}>
            {isLoading ? t('common.working') : t('operators.sendInvite')}
          </button>
        </div>
      </form>
      {ticket && (
        <ShownOnceDialog
          title={t('operators.ticketTitle', { name: ticket.name })}
          intro={t('operators.ticketIntro', { name: ticket.name, until: formatDateTime(ticket.expires, lang) })}
          secret={ticket.ticket}
          onDone={() => setTicket(null)}
          testId="invitation-ticket"
        />
      )}
    </section>
  );
}
