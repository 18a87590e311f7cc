import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { WalletSettings } from '@app/contracts';
import { Field } from '../../../components/field.tsx';
import page from '../../../components/page.module.css';
import { ReasonDialog } from '../../../components/reason-dialog.tsx';
import { PanelHeading } from '../../../components/panel-heading.tsx';
import ui from '../../../components/ui.module.css';
import editor from '../../../components/editor.module.css';
import { useSaveWalletSettingsMutation, useWalletSettingsQuery } from '../api/settings-api.ts';
import { SettingsPanel, type SavedNote } from './settings-panel.tsx';
import { HeldChangesPanel } from '../../../components/held-changes-panel.tsx';
import { checkWallet, walletChanges, walletDraftOf, type WalletDraft } from '../lib/settings-form.ts';

const GROUPS: { title: string; fields: (keyof WalletSettings)[] }[] = [
  {
    title: 'settings.wallet.withdrawals',
    fields: ['withdraw_min', 'withdraw_max', 'withdraw_daily_count', 'withdraw_daily_amount'],
  },
  {
    title: 'settings.wallet.fees',
    fields: ['withdraw_fee_pct', 'withdraw_fee_min', 'exchange_fee_pct', 'quote_seconds'],
  },
  {
    title: 'settings.wallet.hoursAndChecks',
    fields: ['withdraw_from', 'withdraw_to', 'hold_hours', 'four_eyes_above'],
  },
];

/**
 * The wallet settings: only the fields changed are sent, with a reason, and audited before and after. A change
 * that weakens a control is held for a second operator, listed under the form until one approves or refuses it.
 */
export function WalletSettingsPanel() {
  const { t } = useTranslation();
  const query = useWalletSettingsQuery();
  return (
    <>
      <SettingsPanel labelledBy="wallet-settings-title" query={query}>
        {(data, note) => <WalletSettingsForm settings={data} {...note} />}
      </SettingsPanel>
      <HeldChangesPanel targets="wallet:settings" fieldLabel={(field) => t(`settings.wallet.fields.${field}`)} />
    </>
  );
}

function WalletSettingsForm({ settings, saved, onSaved: setSaved }: { settings: WalletSettings } & SavedNote) {
  const { t } = useTranslation();
  const [save] = useSaveWalletSettingsMutation();
  const [draft, setDraft] = useState<WalletDraft>(() => walletDraftOf(settings));
  const [touched, setTouched] = useState(false);
  const [asking, setAsking] = useState(false);

  const errors = checkWallet(draft);
  const changes = Object.keys(errors).length === 0 ? walletChanges(settings, draft) : {};
  const changed = Object.keys(changes);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (Object.keys(errors).length === 0 && changed.length > 0) setAsking(true);
  };

  return (
    <>
      <form className={`${ui.panelBody} ${page.stack}`} onSubmit={submit} noValidate>
        <PanelHeading id="wallet-settings-title" title={t('settings.wallet.title')} hint={t('settings.wallet.hint')} />
        {GROUPS.map((group) => (
          <div key={group.title} className={editor.group} role="group" aria-labelledby={`group-${group.title}`}>
            <h3 id={`group-${group.title}`} className={editor.legend}>
              {t(group.title)}
            </h3>
            <div className={editor.grid}>
              {group.fields.map((field) => (
                <Field
                  key={field}
                  id={`wallet-${field}`}
                  label={t(`settings.wallet.fields.${field}`)}
                  error={touched && errors[field] ? t(errors[field]!) : null}
                  hint={t(`settings.wallet.units.${field}`)}
                >
                  <input
                    id={`wallet-${field}`}
                    className={ui.input}
                    inputMode={field.endsWith('_from') || field.endsWith('_to') ? 'text' : 'decimal'}
                    value={draft[field]}
                    aria-invalid={touched && !!errors[field]}
                    onChange={(event) => {
                      setSaved(false);
                      setDraft({ ...draft, [field]: event.target.value });
                    }}
                  />
                </Field>
              ))}
            </div>
          </div>
        ))}
        {saved && (
          <div className={ui.success} role="status">
            {saved === 'held' ? t('heldChanges.proposed') : t('settings.saved')}
          </div>
        )}
        <div className={ui.actions} style={{ justifyContent: 'flex-start' }}>
          <button
            type="submit"
            className={`${ui.button} ${ui.primary}`}
            disabled={changed.length === 0 && Object.keys(errors).length === 0}
          >
            {changed.length ? t('settings.saveChanges', { count: changed.length }) : t('settings.noChanges')}
          </button>
          {changed.length > 0 && (
            <button type="button" className={ui.button} onClick={() => setDraft(walletDraftOf(settings))}>
              {t('settings.undo')}
            </button>
          )}
        </div>
      </form>
      {asking && (
        <ReasonDialog
          title={t('settings.wallet.confirm')}
          confirmLabel={t('settings.save')}
          onClose={() => setAsking(false)}
          onConfirm={async (reason) => {
            const { held } = await save({ ...changes, reason }).unwrap();
            setSaved(held ? 'held' : true);
          }}
        >
          <ul>
            {changed.map((field) => (
              <li key={field}>
                {t(`settings.wallet.fields.${field}`)}: {String(settings[field as keyof WalletSettings])} →{' '}
                <strong>{String(changes[field as keyof typeof changes])}</strong>
              </li>
            ))}
          </ul>
        </ReasonDialog>
      )}
    </>
  );
}
