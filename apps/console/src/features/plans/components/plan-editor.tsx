import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BCP47, type AdminPlan, type Language } from '@app/contracts';
import { EditorNotices } from '../../../components/editor-notices.tsx';
import { Field } from '../../../components/field.tsx';
import { LanguageTexts } from '../../../components/language-texts.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import page from '../../../components/page.module.css';
import { ReasonDialog } from '../../../components/reason-dialog.tsx';
import { PanelHeading } from '../../../components/panel-heading.tsx';
import ui from '../../../components/ui.module.css';
import editor from '../../../components/editor.module.css';
import { useCreatePlanMutation, useEditPlanMutation } from '../api/plans-api.ts';
import {
  checkPlan,
  planCreateOf,
  planDraftOf,
  planFieldLabel,
  planFieldsOf,
  type PlanDraft,
} from '../lib/plan-form.ts';
import { HeldChangesPanel } from '../../../components/held-changes-panel.tsx';

/**
 * One plan: its terms (the ones fixed at creation are shown but not editable), and its name and description in
 * the ten languages side by side. Holdings keep the terms they were bought with; the editor says so.
 */
export function PlanEditor({ plan, onClose }: { plan: AdminPlan | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<PlanDraft>(() => planDraftOf(plan));
  const [touched, setTouched] = useState(false);
  const [asking, setAsking] = useState(false);
  const [saved, setSaved] = useState<boolean | 'held'>(false);
  const [create] = useCreatePlanMutation();
  const [edit] = useEditPlanMutation();
  const errors = checkPlan(draft, plan);
  const valid = Object.keys(errors).length === 0;
  const error = (field: string) => (touched && errors[field] ? t(errors[field]!) : null);
  const set = (field: keyof PlanDraft, value: string) => {
    setSaved(false);
    setDraft((d) => ({ ...d, [field]: value }));
  };
  const setText = (lang: Language, field: 'title' | 'description', value: string) => {
    setSaved(false);
    setDraft((d) => ({ ...d, texts: { ...d.texts, [lang]: { ...d.texts[lang], [field]: value } } }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (valid) setAsking(true);
  };
  const confirm = async (reason: string) => {
    if (plan) {
      const { held } = await edit({ id: plan.id, body: { ...planFieldsOf(draft), reason } }).unwrap();
      setSaved(held ? 'held' : true);
      return;
    }
    await create(planCreateOf(draft, reason)).unwrap();
    setSaved('held');
  };

  const input = (
    field: keyof PlanDraft,
    label: string,
    extra: { hint?: string; suffix?: string; disabled?: boolean } = {},
  ) => (
    <Field id={`plan-${field}`} label={label} error={error(field)} hint={extra.hint}>
      <input
        id={`plan-${field}`}
        className={ui.input}
        inputMode="decimal"
        value={String(draft[field])}
        disabled={extra.disabled}
        aria-invalid={!!error(field)}
        onChange={(event) => set(field, event.target.value)}
      />
    </Field>
  );

  return (
    <>
      <form onSubmit={submit} noValidate>
        <PageHeader
          title={plan ? t('plans.editTitle', { title: plan.title }) : t('plans.newTitle')}
          subtitle={t('plans.holdingsKeepTerms')}
        >
          <div className={page.toolbar}>
            <button type="button" className={ui.button} onClick={onClose}>
              {t('plans.back')}
            </button>
            <button type="submit" className={`${ui.button} ${ui.primary}`} data-testid="save-plan">
              {plan ? t('plans.save') : t('plans.create')}
            </button>
          </div>
        </PageHeader>
        <EditorNotices
          done={saved === 'held' ? t('heldChanges.proposed') : saved ? t('plans.saved') : null}
          fix={touched && !valid ? t('plans.fixErrors') : null}
        />
        {plan && (
          <div style={{ marginBottom: 16 }}>
            <HeldChangesPanel targets={`plan:${plan.id}`} fieldLabel={planFieldLabel(t)} />
          </div>
        )}
        <div className={page.stack}>
          <section className={ui.panel} aria-labelledby="terms-title">
            <div className={`${ui.panelBody} ${page.stack}`}>
              <h2 id="terms-title" className={ui.panelTitle}>
                {t('plans.terms')}
              </h2>
              <div className={editor.grid}>
                <Field id="plan-slug" label={t('plans.slug')} error={error('slug')} hint={t('plans.slugHint')}>
                  <input
                    id="plan-slug"
                    className={`${ui.input} ${page.mono}`}
                    value={draft.slug}
                    disabled={plan !== null}
                    aria-invalid={!!error('slug')}
                    onChange={(event) => set('slug', event.target.value.toLowerCase())}
                  />
                </Field>
                {input('period_days', t('plans.periodDays'), { disabled: plan !== null })}
                <Field id="plan-share" label={t('plans.shareType')}>
                  <select
                    id="plan-share"
                    className={ui.input}
                    value={draft.share_type}
                    disabled={plan !== null}
                    onChange={(event) => set('share_type', event.target.value)}
                  >
                    <option value="daily">{t('plans.share.daily')}</option>
                    <option value="maturity">{t('plans.share.maturity')}</option>
                  </select>
                </Field>
                {input('committed_amount', t('plans.committed'), {
                  hint: t('plans.optional'),
                  disabled: plan !== null,
                })}
              </div>
              <div className={editor.grid}>
                {input('rate_pct', t('plans.ratePct'))}
                {input('expected_rate_pct', t('plans.expectedRatePct'), { hint: t('plans.optional') })}
                {input('early_exit_rate_pct', t('plans.earlyExitPct'), { hint: t('plans.earlyExitHint') })}
                {input('sort', t('plans.sort'))}
              </div>
              <div className={editor.grid}>
                {input('min_amount', t('plans.minAmount'), { hint: t('plans.inU') })}
                {input('start_amount', t('plans.startAmount'), { hint: t('plans.inU') })}
                {input('total', t('plans.total'), { hint: t('plans.inU') })}
                {input('personal_cap', t('plans.personalCap'), { hint: t('plans.optional') })}
              </div>
              <div className={editor.grid}>
                <Field id="plan-start" label={t('plans.startTime')} error={error('start_time')}>
                  <input
                    id="plan-start"
                    type="datetime-local"
                    className={ui.input}
                    value={draft.start_time}
                    aria-invalid={!!error('start_time')}
                    onChange={(event) => set('start_time', event.target.value)}
                  />
                </Field>
                <Field id="plan-end" label={t('plans.endTime')} error={error('end_time')}>
                  <input
                    id="plan-end"
                    type="datetime-local"
                    className={ui.input}
                    value={draft.end_time}
                    aria-invalid={!!error('end_time')}
                    onChange={(event) => set('end_time', event.target.value)}
                  />
                </Field>
              </div>
            </div>
          </section>
          <section className={ui.panel} aria-labelledby="plan-texts-title">
            <div className={`${ui.panelBody} ${page.stack}`}>
              <PanelHeading id="plan-texts-title" title={t('plans.texts')} hint={t('plans.textsHint')} />
              <LanguageTexts
                texts="plans"
                testId={(lang) => `plan-lang-${lang}`}
                written={(lang) => draft.texts[lang].title.trim() !== ''}
              >
                {(lang) => {
                  const text = draft.texts[lang];
                  return (
                    <>
                      <Field id={`plan-${lang}-title`} label={t('plans.name')} error={error(`${lang}.title`)}>
                        <input
                          id={`plan-${lang}-title`}
                          className={ui.input}
                          lang={BCP47[lang]}
                          value={text.title}
                          placeholder={lang === 'en' ? '' : draft.texts.en.title}
                          aria-invalid={!!error(`${lang}.title`)}
                          onChange={(event) => setText(lang, 'title', event.target.value)}
                        />
                      </Field>
                      <Field
                        id={`plan-${lang}-description`}
                        label={t('plans.description')}
                        error={error(`${lang}.description`)}
                      >
                        <textarea
                          id={`plan-${lang}-description`}
                          className={ui.input}
                          lang={BCP47[lang]}
                          rows={3}
                          value={text.description}
                          onChange={(event) => setText(lang, 'description', event.target.value)}
                        />
                      </Field>
                    </>
                  );
                }}
              </LanguageTexts>
            </div>
          </section>
        </div>
      </form>
      {asking && (
        <ReasonDialog
          title={plan ? t('plans.confirm.save', { title: plan.title }) : t('plans.confirm.create')}
          confirmLabel={plan ? t('plans.save') : t('plans.create')}
          onClose={() => setAsking(false)}
          onConfirm={confirm}
        >
          <p>{t('plans.holdingsKeepTerms')}</p>
        </ReasonDialog>
      )}
    </>
  );
}
