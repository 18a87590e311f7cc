import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiToken, OperatorRole } from '@app/contracts';
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
import { useCreateTokenMutation, useRevokeTokenMutation, useTokensQuery } from '../api/tokens-api.ts';
import { tokenRolesFor } from '../lib/token-roles.ts';

/** My API tokens (an admin sees everyone's): make one for the CLI (shown once), list them, revoke them. */
export function TokensPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const list = useTokensQuery();
  const [revoke] = useRevokeTokenMutation();
  return (
    <ManagedList<ApiToken, 'revoke'>
      title={t('tokens.title')}
      subtitle={t('tokens.subtitle')}
      form={<CreateTokenForm />}
      listLabel={t('tokens.listLabel')}
      list={list}
      items={list.data?.items ?? []}
      empty={t('tokens.empty')}
      rowTestId={(token) => `token-row-${token.id}`}
      columns={[
        { key: 'label', header: t('tokens.label'), cell: (token) => <strong>{token.label}</strong> },
        { key: 'operator', header: t('tokens.operator'), cell: (token) => token.operator },
        { key: 'role', header: t('tokens.role'), cell: (token) => t(`roles.${token.role}`) },
        { key: 'created', header: t('tokens.created'), cell: (token) => formatDateTime(token.created_at, lang) },
        { key: 'used', header: t('tokens.lastUsed'), cell: (token) => formatDateTime(token.last_used_at, lang) },
        {
          key: 'expires',
          header: t('tokens.expires'),
          cell: (token) => (token.expires_at ? formatDateTime(token.expires_at, lang) : t('tokens.never')),
        },
      ]}
      actions={(token, ask) =>
        token.revoked ? (
          <span className={`${ui.badge} ${ui.badgeDanger}`}>{t('tokens.revoked')}</span>
        ) : (
          <button type="button" className={`${ui.button} ${ui.small} ${ui.danger}`} onClick={() => ask('revoke')}>
            {t('tokens.revoke')}
          </button>
        )
      }
      act={(token) => ({
        title: t('tokens.confirmRevoke', { label: token.label }),
        confirmLabel: t('tokens.revoke'),
        tone: 'danger',
        explain: t('tokens.revokeExplain'),
        confirm: (reason) => revoke({ id: token.id, reason }).unwrap(),
      })}
    />
  );
}

function CreateTokenForm() {
  const { t } = useTranslation();
  const own = useSession().operator?.role ?? 'support';
  const roles = tokenRolesFor(own);
  const [create, { isLoading }] = useCreateTokenMutation();
  const [label, setLabel] = useState('');
  const [role, setRole] = useState<OperatorRole>(own);
  const [days, setDays] = useState('');
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [made, setMade] = useState<{ label: string; token: string } | null>(null);
  const labelError = label.trim() ? null : t('tokens.labelRequired');
  const daysNumber = Number(days);
  const daysError =
    days === '' || (Number.isInteger(daysNumber) && daysNumber >= 1 && daysNumber <= 365) ? null : t('tokens.daysRule');
  const reasonError = reason.trim().length >= MIN_REASON ? null : t('reason.tooShort', { count: MIN_REASON });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (labelError || daysError || reasonError || isLoading) return;
    setFailure(null);
    try {
      const answer = await create({
        label: label.trim(),
        role,
        reason: reason.trim(),
        ...(days ? { days: daysNumber } : {}),
      }).unwrap();
      setMade({ label: answer.item.label, token: answer.token });
      setLabel('');
      setDays('');
      setReason('');
      setTouched(false);
    } catch (error) {
      setFailure(errorText(error, t));
    }
  };

  return (
    <section className={ui.panel} aria-labelledby="token-title">
      <form className={`${ui.panelBody} ${page.stack}`} onSubmit={submit} noValidate>
        <h2 id="token-title" className={ui.panelTitle}>
          {t('tokens.create')}
        </h2>
        <div className={page.formRow}>
          <Field id="token-label" label={t('tokens.label')}>
            <input
              id="token-label"
              className={ui.input}
              value={label}
              maxLength={64}
              aria-invalid={touched && !!labelError}
              onChange={(event) => setLabel(event.target.value)}
            />
            {touched && labelError && <span className={ui.fieldError}>{labelError}</span>}
          </Field>
          <RoleSelect id="token-role" label={t('tokens.role')} value={role} onChange={setRole} roles={roles} />
          <Field id="token-days" label={t('tokens.days')}>
            <input
              id="token-days"
              className={ui.input}
              inputMode="numeric"
              value={days}
              placeholder={t('tokens.daysPlaceholder')}
              aria-invalid={touched && !!daysError}
              onChange={(event) => setDays(event.target.value.replace(/\D/g, ''))}
            />
            {touched && daysError && <span className={ui.fieldError}>{daysError}</span>}
          </Field>
          <Field id="token-reason" label={t('reason.label')}>
            <input
              id="token-reason"
              className={ui.input}
              value={reason}
              maxLength={500}
              aria-invalid={touched && !!reasonError}
              onChange={(event) => setReason(event.target.value)}
            />
            {touched && reasonError && <span className={ui.fieldError}>{reasonError}</span>}
          </Field>
        </div>
        {failure && (
          <div className={ui.alert} role="alert">
            {failure}
          </div>
        )}
        <div className={ui.actions} style={{ justifyContent: 'flex-start' }}>
          <button type="submit" className={`${ui.button} ${ui.primary}`} disabled={isLoading} aria-busy={isLoading}>
            {isLoading ? t('common.working') : t('tokens.createSubmit')}
          </button>
        </div>
      </form>
      {made && (
        <ShownOnceDialog
          title={t('tokens.madeTitle', { label: made.label })}
          intro={t('tokens.madeIntro')}
          secret={made.token}
          onDone={() => setMade(null)}
          testId="token-once"
        />
      )}
    </section>
  );
}
