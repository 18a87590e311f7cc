import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RiskRuleView } from '@app/contracts';
import { HeldChangesPanel } from '../../../components/held-changes-panel.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryTable } from '../../../components/query-table.tsx';
import { ReasonDialog } from '../../../components/reason-dialog.tsx';
import page from '../../../components/page.module.css';
import ui from '../../../components/ui.module.css';
import { formatDateTime, formatSeconds } from '../../../lib/format.ts';
import { useLanguage, usePermission } from '../../../lib/hooks.ts';
import { useProposeRiskRuleMutation, useRiskFlagsQuery, useRiskRulesQuery } from '../../../lib/risk-api.ts';
import { useFlagText } from '../../../components/risk-flags.tsx';

/**
 * The risk rules: each rule's threshold, window and hits, a change of one proposed for a second operator
 * (maker-checker), and the latest flags with their reasons and users.
 */
export function RiskPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const mayTune = usePermission('settings.edit');
  const rules = useRiskRulesQuery();
  const flags = useRiskFlagsQuery({});
  const [propose] = useProposeRiskRuleMutation();
  const [editing, setEditing] = useState<RiskRuleView | null>(null);
  const [draft, setDraft] = useState({ threshold: '', window_seconds: '', enabled: true });
  const [notice, setNotice] = useState<string | null>(null);
  const text = useFlagText();
  const ruleItems = rules.data?.items ?? [];
  const flagItems = flags.data?.items ?? [];

  return (
    <div className={page.stack}>
      <PageHeader title={t('risk.title')} subtitle={t('risk.subtitle')} />
      {notice && (
        <div className={ui.notice} role="status">
          {notice}
        </div>
      )}
      <HeldChangesPanel targets="risk-rule:" fieldLabel={(f) => t(`risk.field.${f}`)} />
      <section className={ui.panel}>
        <QueryTable query={rules} items={ruleItems} empty="—" label={t('risk.rulesLabel')} testId="risk-rules">
          <thead>
            <tr>
              <th scope="col">{t('risk.rule')}</th>
              <th scope="col">{t('risk.field.threshold')}</th>
              <th scope="col">{t('risk.field.window_seconds')}</th>
              <th scope="col">{t('risk.field.enabled')}</th>
              <th scope="col" className={ui.num}>
                {t('risk.hits')}
              </th>
              <th scope="col">{t('risk.change')}</th>
            </tr>
          </thead>
          <tbody>
            {ruleItems.map((r) => (
              <tr key={r.rule} data-testid={`risk-rule-${r.rule}`}>
                <td>
                  <strong>{t(`risk.name.${r.rule}`)}</strong>
                  <div className={ui.hint}>{t(`risk.about.${r.rule}`)}</div>
                </td>
                <td>{r.threshold}</td>
                <td>
                  {r.window_seconds}
                  {r.window_seconds > 0 && <div className={ui.hint}>{formatSeconds(r.window_seconds, lang)}</div>}
                </td>
                <td>{r.enabled ? t('risk.on') : t('risk.off')}</td>
                <td className={ui.num}>{r.hits}</td>
                <td>
                  {mayTune && (
                    <button
                      type="button"
                      className={`${ui.button} ${ui.small}`}
                      onClick={() => {
                        setDraft({
                          threshold: r.threshold,
                          window_seconds: String(r.window_seconds),
                          enabled: r.enabled,
                        });
                        setEditing(r);
                      }}
                    >
                      {t('risk.change')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </QueryTable>
      </section>
      <section className={ui.panel} aria-label={t('risk.flagsLabel')}>
        <QueryTable
          query={flags}
          items={flagItems}
          empty={t('risk.noFlags')}
          label={t('risk.flagsLabel')}
          testId="risk-flag-list"
        >
          <thead>
            <tr>
              <th scope="col">{t('risk.when')}</th>
              <th scope="col">{t('risk.user')}</th>
              <th scope="col">{t('risk.what')}</th>
              <th scope="col">{t('risk.reasonHead')}</th>
            </tr>
          </thead>
          <tbody>
            {flagItems.map((f) => (
              <tr key={f.id}>
                <td>{formatDateTime(f.created_at, lang, 'short')}</td>
                <td>
                  <Link to={`/users/${f.user_id}`}>#{f.user_id}</Link>
                </td>
                <td>
                  {t(`risk.item.${f.item_kind}`)} #{f.item_id}
                </td>
                <td>{text(f)}</td>
              </tr>
            ))}
          </tbody>
        </QueryTable>
      </section>
      {editing && (
        <ReasonDialog
          title={t('risk.confirm', { rule: t(`risk.name.${editing.rule}`) })}
          confirmLabel={t('risk.propose')}
          onClose={() => setEditing(null)}
          onConfirm={async (reason) => {
            await propose({
              rule: editing.rule,
              threshold: draft.threshold.trim(),
              window_seconds: Number(draft.window_seconds),
              enabled: draft.enabled,
              reason,
            }).unwrap();
            setNotice(t('heldChanges.proposed'));
          }}
        >
          <div className={ui.field}>
            <label className={ui.label} htmlFor="risk-threshold">
              {t('risk.field.threshold')}
            </label>
            <input
              id="risk-threshold"
              className={ui.input}
              inputMode="decimal"
              value={draft.threshold}
              onChange={(e) => setDraft({ ...draft, threshold: e.target.value })}
            />
          </div>
          <div className={ui.field}>
            <label className={ui.label} htmlFor="risk-window">
              {t('risk.field.window_seconds')}
            </label>
            <input
              id="risk-window"
              className={ui.input}
              inputMode="numeric"
              value={draft.window_seconds}
              onChange={(e) => setDraft({ ...draft, window_seconds: e.target.value })}
            />
          </div>
          <label>
            <input
              type="checkbox"
              checked={draft.enabled}
              onChange={(e) => setDraft({ ...draft, enabled: e.target.checked })}
            />{' '}
            {t('risk.field.enabled')}
          </label>
        </ReasonDialog>
      )}
    </div>
  );
}
