import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { InviteRules } from '@app/contracts';
import { Field } from '../../../components/field.tsx';
import page from '../../../components/page.module.css';
import { ReasonDialog } from '../../../components/reason-dialog.tsx';
import { PanelHeading } from '../../../components/panel-heading.tsx';
import ui from '../../../components/ui.module.css';
import editor from '../../../components/editor.module.css';
import { useInviteSettingsQuery, useSaveInviteSettingsMutation } from '../api/settings-api.ts';
import { SettingsPanel, type SavedNote } from './settings-panel.tsx';
import { checkInvite } from '../lib/settings-form.ts';

/** The invitation bonus: how much the inviter gets, and when (the invitee's real name, or first recharge). */
export function InvitePanel() {
  const query = useInviteSettingsQuery();
  return (
    <SettingsPanel labelledBy="invite-settings-title" query={query}>
      {(data, note) => <InviteForm rules={data} {...note} />}
    </SettingsPanel>
  );
}

function InviteForm({ rules, saved, onSaved: setSaved }: { rules: InviteRules } & SavedNote) {
  const { t } = useTranslation();
  const [save] = useSaveInviteSettingsMutation();
  const [draft, setDraft] = useState<InviteRules>(rules);
  const [touched, setTouched] = useState(false);
  const [asking, setAsking] = useState(false);
  const errors = checkInvite(draft);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (Object.keys(errors).length === 0) setAsking(true);
  };
  return (
    <>
      <form className={`${ui.panelBody} ${page.stack}`} onSubmit={submit} noValidate>
        <PanelHeading id="invite-settings-title" title={t('settings.invite.title')} hint={t('settings.invite.hint')} />
        <div className={editor.grid}>
          <Field
            id="invite-bonus"
            label={t('settings.invite.bonus')}
            error={touched && errors.bonus_amount ? t(errors.bonus_amount) : null}
            hint={t('settings.invite.bonusHint')}
          >
            <input
              id="invite-bonus"
              className={ui.input}
              inputMode="decimal"
              value={draft.bonus_amount}
              aria-invalid={touched && !!errors.bonus_amount}
              onChange={(event) => {
                setSaved(false);
                setDraft({ ...draft, bonus_amount: event.target.value });
              }}
            />
          </Field>
          <Field id="invite-condition" label={t('settings.invite.condition')}>
            <select
              id="invite-condition"
              className={ui.input}
              value={draft.condition}
              onChange={(event) => {
                setSaved(false);
                setDraft({ ...draft, condition: event.target.value as InviteRules['condition'] });
              }}
            >
              <option value="real_name">{t('settings.invite.conditions.real_name')}</option>
              <option value="first_deposit">{t('settings.invite.conditions.first_deposit')}</option>
            </select>
          </Field>
        </div>
        {saved && (
          <div className={ui.success} role="status">
            {t('settings.saved')}
          </div>
        )}
        <div className={ui.actions} style={{ justifyContent: 'flex-start' }}>
          <button type="submit" className={`${ui.button} ${ui.primary}`}>
            {t('settings.save')}
          </button>
        </div>
      </form>
      {asking && (
        <ReasonDialog
          title={t('settings.invite.confirm')}
          confirmLabel={t('settings.save')}
          onClose={() => setAsking(false)}
          onConfirm={async (reason) => {
            await save({ bonus_amount: draft.bonus_amount.trim(), condition: draft.condition, reason }).unwrap();
            setSaved(true);
          }}
        />
      )}
    </>
  );
}
