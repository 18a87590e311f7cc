import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHANNEL_KINDS, NETWORKS, type AdminRechargeChannel, type ChannelKind, type Network } from '@app/contracts';
import { Dialog } from '../../../components/dialog.tsx';
import { errorText } from '../../../components/error-text.ts';
import { Field } from '../../../components/field.tsx';
import page from '../../../components/page.module.css';
import { MIN_REASON } from '../../../components/reason-dialog.tsx';
import { QueryTable } from '../../../components/query-table.tsx';
import { ReasonDialog } from '../../../components/reason-dialog.tsx';
import { PanelHeading } from '../../../components/panel-heading.tsx';
import { HeldChangesPanel } from '../../../components/held-changes-panel.tsx';
import ui from '../../../components/ui.module.css';
import editor from '../../../components/editor.module.css';
import { formatMoney } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/hooks.ts';
import { useChannelsQuery, useSaveChannelMutation, useSetChannelEnabledMutation } from '../api/settings-api.ts';
import { CHANNEL_NEEDS, channelBodyOf, channelDraftOf, checkChannel, type ChannelDraft } from '../lib/settings-form.ts';

/** The recharge channels users pick from: add, edit, show or hide, each with a reason. */
export function ChannelsPanel() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const query = useChannelsQuery();
  const [toggle] = useSetChannelEnabledMutation();
  const [editing, setEditing] = useState<AdminRechargeChannel | 'new' | null>(null);
  const [toggling, setToggling] = useState<AdminRechargeChannel | null>(null);
  const [proposed, setProposed] = useState(false);
  const items = query.data?.items ?? [];
  return (
    <section className={ui.panel} aria-labelledby="channels-title">
      <div className={`${ui.panelBody} ${page.header}`} style={{ marginBottom: 0 }}>
        <PanelHeading id="channels-title" title={t('settings.channels.title')} hint={t('settings.channels.hint')} />
        <button type="button" className={`${ui.button} ${ui.small}`} onClick={() => setEditing('new')}>
          {t('settings.channels.add')}
        </button>
      </div>
      <QueryTable query={query} items={items} empty={t('settings.channels.empty')}>
        <thead>
          <tr>
            <th>{t('settings.channels.name')}</th>
            <th>{t('settings.channels.destination')}</th>
            <th className={ui.num}>{t('settings.channels.limits')}</th>
            <th className={ui.num}>{t('settings.channels.bonus')}</th>
            <th>{t('settings.channels.shown')}</th>
            <th aria-label={t('common.actions')} />
          </tr>
        </thead>
        <tbody>
          {items.map((c) => (
            <tr key={c.id} data-testid={`channel-row-${c.id}`}>
              <td>
                <strong>{c.name}</strong>
                <div className={ui.hint}>{t(`settings.channels.kinds.${c.kind}`)}</div>
              </td>
              <td className={page.mono}>
                {c.kind === 'crypto'
                  ? `${c.currency} ${c.network} ${c.address}`
                  : [c.bank_name, c.account, c.holder].filter(Boolean).join(' · ')}
              </td>
              <td className={ui.num}>
                {formatMoney(c.min, lang)} – {formatMoney(c.max, lang)}
              </td>
              <td className={ui.num}>{c.bonus_pct} %</td>
              <td>
                <span className={`${ui.badge} ${c.enabled ? ui.badgeOk : ui.badgeWarn}`}>
                  {c.enabled ? t('settings.channels.on') : t('settings.channels.off')}
                </span>
              </td>
              <td className={ui.num}>
                <span style={{ display: 'inline-flex', gap: 6 }}>
                  <button type="button" className={`${ui.button} ${ui.small}`} onClick={() => setEditing(c)}>
                    {t('settings.channels.edit')}
                  </button>
                  <button
                    type="button"
                    className={`${ui.button} ${ui.small} ${c.enabled ? ui.danger : ''}`}
                    onClick={() => setToggling(c)}
                  >
                    {c.enabled ? t('settings.channels.disable') : t('settings.channels.enable')}
                  </button>
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </QueryTable>
      {proposed && (
        <div className={ui.panelBody}>
          <div className={ui.notice} role="status" data-testid="channel-proposed">
            {t('heldChanges.proposed')}
          </div>
        </div>
      )}
      <HeldChangesPanel
        targets={['channel:', 'channel-new:']}
        fieldLabel={(field) => t(`settings.channels.heldField.${field}`)}
      />
      {editing && (
        <ChannelDialog
          channel={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={setProposed}
        />
      )}
      {toggling && (
        <ReasonDialog
          title={t(toggling.enabled ? 'settings.channels.confirmDisable' : 'settings.channels.confirmEnable', {
            name: toggling.name,
          })}
          confirmLabel={toggling.enabled ? t('settings.channels.disable') : t('settings.channels.enable')}
          tone={toggling.enabled ? 'danger' : 'primary'}
          onClose={() => setToggling(null)}
          onConfirm={(reason) => toggle({ id: toggling.id, enabled: !toggling.enabled, reason }).unwrap()}
        />
      )}
    </section>
  );
}

/** Adding or editing one channel: the fields its kind needs, the limits and bonus, and the reason, in one dialog. */
function ChannelDialog({
  channel,
  onClose,
  onSaved,
}: {
  channel: AdminRechargeChannel | null;
  onClose: () => void;
  /** Told whether the save was held for a second operator. */
  onSaved: (held: boolean) => void;
}) {
  const { t } = useTranslation();
  const [save, { isLoading }] = useSaveChannelMutation();
  const [draft, setDraft] = useState<ChannelDraft>(() => channelDraftOf(channel));
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const errors = checkChannel(draft);
  const reasonError = reason.trim().length >= MIN_REASON ? null : t('reason.tooShort', { count: MIN_REASON });
  const error = (f: string) => (touched && errors[f] ? t(errors[f]!) : null);
  const set = (f: keyof ChannelDraft, v: string | boolean) => setDraft((d) => ({ ...d, [f]: v }));
  const needs = CHANNEL_NEEDS[draft.kind];
  const text = (f: keyof ChannelDraft, label: string, mono = false) => (
    <Field id={`channel-${f}`} label={label} error={error(f)}>
      <input
        id={`channel-${f}`}
        className={`${ui.input} ${mono ? page.mono : ''}`}
        value={String(draft[f])}
        aria-invalid={!!error(f)}
        onChange={(e) => set(f, e.target.value)}
      />
    </Field>
  );
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (Object.keys(errors).length || reasonError || isLoading) return;
    setFailure(null);
    try {
      const saved = await save({ id: channel?.id ?? null, body: channelBodyOf(draft, reason.trim()) }).unwrap();
      onSaved(saved.held);
      onClose();
    } catch (e) {
      setFailure(errorText(e, t));
    }
  };
  return (
    <Dialog
      title={channel ? t('settings.channels.editTitle', { name: channel.name }) : t('settings.channels.addTitle')}
      onClose={onClose}
      busy={isLoading}
      testId="channel-dialog"
    >
      <form onSubmit={submit} noValidate style={{ display: 'contents' }}>
        <div className={editor.grid}>
          <Field id="channel-kind" label={t('settings.channels.kind')}>
            <select
              id="channel-kind"
              className={ui.input}
              value={draft.kind}
              onChange={(e) => set('kind', e.target.value as ChannelKind)}
            >
              {CHANNEL_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`settings.channels.kinds.${k}`)}
                </option>
              ))}
            </select>
          </Field>
          {text('name', t('settings.channels.name'))}
        </div>
        <div className={editor.grid}>
          {needs.includes('bank_name') && text('bank_name', t('settings.channels.bankName'))}
          {needs.includes('currency') && text('currency', t('settings.channels.currency'))}
          {needs.includes('network') && (
            <Field id="channel-network" label={t('settings.channels.network')}>
              <select
                id="channel-network"
                className={ui.input}
                value={draft.network}
                onChange={(e) => set('network', e.target.value as Network)}
              >
                {NETWORKS.map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </Field>
          )}
          {needs.includes('account') && text('account', t('settings.channels.account'), true)}
          {needs.includes('holder') && text('holder', t('settings.channels.holder'))}
        </div>
        {needs.includes('address') && text('address', t('settings.channels.address'), true)}
        <div className={editor.grid}>
          {text('min', t('settings.channels.min'))}
          {text('max', t('settings.channels.max'))}
          {text('bonus_pct', t('settings.channels.bonusPct'))}
          {text('sort', t('settings.channels.sort'))}
        </div>
        <label className={ui.checkRow}>
          <input type="checkbox" checked={draft.enabled} onChange={(e) => set('enabled', e.target.checked)} />
          {t('settings.channels.shownToUsers')}
        </label>
        <Field
          id="channel-reason"
          label={t('reason.label')}
          error={touched ? reasonError : null}
          hint={t('reason.hint')}
        >
          <textarea
            id="channel-reason"
            className={ui.input}
            value={reason}
            maxLength={500}
            aria-invalid={touched && !!reasonError}
            onChange={(e) => setReason(e.target.value)}
          />
        </Field>
        {failure && (
          <div className={ui.alert} role="alert">
            {failure}
          </div>
        )}
        <div className={ui.actions}>
          <button type="button" className={ui.button} onClick={onClose} disabled={isLoading}>
            {t('common.cancel')}
          </button>
          <button type="submit" className={`${ui.button} ${ui.primary}`} disabled={isLoading} aria-busy={isLoading}>
            {isLoading ? t('common.working') : t('settings.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
