import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BCP47, LANGUAGES, REPLY_TEMPLATE_USES, type ReplyTemplate, type ReplyTemplateUse } from '@app/contracts';
import { EditorNotices } from '../../../components/editor-notices.tsx';
import editor from '../../../components/editor.module.css';
import { Field } from '../../../components/field.tsx';
import { LanguageTexts } from '../../../components/language-texts.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import page from '../../../components/page.module.css';
import { QueryTable } from '../../../components/query-table.tsx';
import { ReasonDialog } from '../../../components/reason-dialog.tsx';
import ui from '../../../components/ui.module.css';
import { formatDateTime } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/hooks.ts';
import {
  useRemoveReplyTemplateMutation,
  useReplyTemplatesQuery,
  useSaveReplyTemplateMutation,
} from '../../../lib/reply-templates-api.ts';
import { bodyOf, checkTemplate, draftOf, type TemplateDraft } from '../lib/template-form.ts';

/**
 * Reply templates (support): named wordings with a text per app language, which refusals and support answers offer.
 * Each user reads the template in their language, English where it has none. Every save and removal asks a reason.
 */
export function ReplyTemplatesPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const list = useReplyTemplatesQuery(undefined);
  const items = list.data?.items ?? [];
  // null: no editor open; { template: null }: a new one.
  const [editing, setEditing] = useState<{ template: ReplyTemplate | null } | null>(null);
  const [removing, setRemoving] = useState<ReplyTemplate | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [remove] = useRemoveReplyTemplateMutation();

  return (
    <div>
      <PageHeader title={t('templates.title')} subtitle={t('templates.subtitle')}>
        {!editing && (
          <button
            type="button"
            className={`${ui.button} ${ui.primary}`}
            onClick={() => {
              setDone(null);
              setEditing({ template: null });
            }}
          >
            {t('templates.new')}
          </button>
        )}
      </PageHeader>
      <EditorNotices done={done} fix={null} />
      <div className={page.stack}>
        {editing && (
          <TemplateEditor
            key={editing.template?.id ?? 'new'}
            template={editing.template}
            onClose={() => setEditing(null)}
            onSaved={(saved) => {
              setEditing(null);
              setDone(t('templates.saved', { name: saved.name }));
            }}
          />
        )}
        <section className={ui.panel} aria-label={t('templates.listLabel')}>
          <QueryTable query={list} items={items} empty={t('templates.empty')}>
            <thead>
              <tr>
                <th>{t('templates.name')}</th>
                <th>{t('templates.uses')}</th>
                <th>{t('templates.languages')}</th>
                <th>{t('templates.changed')}</th>
                <th aria-label={t('common.actions')} />
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.id} data-testid={`template-row-${item.id}`}>
                  <td>{item.name}</td>
                  <td>{item.uses.map((u) => t(`templates.use.${u}`)).join(', ')}</td>
                  <td>
                    {t('templates.written', {
                      count: LANGUAGES.filter((l) => item.texts[l]).length,
                      total: LANGUAGES.length,
                    })}
                  </td>
                  <td>
                    {item.updated_by} · {formatDateTime(item.updated_at, lang, 'short')}
                  </td>
                  <td className={ui.num}>
                    <div className={page.toolbar} style={{ justifyContent: 'flex-end' }}>
                      <button
                        type="button"
                        className={`${ui.button} ${ui.small}`}
                        onClick={() => {
                          setDone(null);
                          setEditing({ template: item });
                        }}
                        aria-label={t('templates.editName', { name: item.name })}
                      >
                        {t('templates.edit')}
                      </button>
                      <button
                        type="button"
                        className={`${ui.button} ${ui.small} ${ui.danger}`}
                        onClick={() => setRemoving(item)}
                        aria-label={t('templates.removeName', { name: item.name })}
                      >
                        {t('templates.remove')}
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </QueryTable>
        </section>
      </div>
      {removing && (
        <ReasonDialog
          title={t('templates.confirmRemove', { name: removing.name })}
          confirmLabel={t('templates.remove')}
          tone="danger"
          onClose={() => setRemoving(null)}
          onConfirm={async (reason) => {
            await remove({ id: removing.id, reason }).unwrap();
            if (editing?.template?.id === removing.id) setEditing(null);
            setDone(t('templates.removed', { name: removing.name }));
          }}
        >
          <p>{t('templates.removeExplain')}</p>
        </ReasonDialog>
      )}
    </div>
  );
}

/** One template's name, acts and ten texts; saved (with a reason) whole. */
function TemplateEditor({
  template,
  onClose,
  onSaved,
}: {
  template: ReplyTemplate | null;
  onClose: () => void;
  onSaved: (saved: ReplyTemplate) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<TemplateDraft>(() => draftOf(template));
  const [touched, setTouched] = useState(false);
  const [asking, setAsking] = useState(false);
  const [save] = useSaveReplyTemplateMutation();
  const errors = checkTemplate(draft);
  const error = (field: string) => (touched && errors[field] ? t(errors[field]!) : null);
  const toggle = (use: ReplyTemplateUse, on: boolean) =>
    setDraft((d) => ({ ...d, uses: on ? [...d.uses, use] : d.uses.filter((u) => u !== use) }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (Object.keys(errors).length === 0) setAsking(true);
  };
  const title = template ? t('templates.editTitle', { name: template.name }) : t('templates.newTitle');

  return (
    <section className={ui.panel} aria-label={title}>
      <form className={`${ui.panelBody} ${page.stack}`} onSubmit={submit} noValidate>
        <h2 className={ui.panelTitle}>{title}</h2>
        <div className={page.formRow}>
          <Field id="template-name" label={t('templates.name')} error={error('name')}>
            <input
              id="template-name"
              className={ui.input}
              value={draft.name}
              maxLength={64}
              aria-invalid={!!error('name')}
              onChange={(event) => setDraft((d) => ({ ...d, name: event.target.value }))}
            />
          </Field>
          <fieldset className={editor.group} style={{ gridColumn: 'span 3' }}>
            <legend className={editor.legend}>{t('templates.uses')}</legend>
            <div className={page.toolbar}>
              {REPLY_TEMPLATE_USES.map((use) => (
                <label key={use} className={ui.checkRow}>
                  <input
                    type="checkbox"
                    checked={draft.uses.includes(use)}
                    onChange={(event) => toggle(use, event.target.checked)}
                  />
                  {t(`templates.use.${use}`)}
                </label>
              ))}
            </div>
            {error('uses') && <span className={ui.fieldError}>{error('uses')}</span>}
          </fieldset>
        </div>
        <LanguageTexts
          texts="templates"
          testId={(l) => `template-${l}`}
          written={(l) => Boolean(draft.texts[l].trim())}
        >
          {(l) => (
            <Field id={`template-text-${l}`} label={t('templates.text')} error={error(l)}>
              <textarea
                id={`template-text-${l}`}
                className={ui.input}
                lang={BCP47[l]}
                rows={3}
                value={draft.texts[l]}
                aria-invalid={!!error(l)}
                onChange={(event) => {
                  const value = event.target.value;
                  setDraft((d) => ({ ...d, texts: { ...d.texts, [l]: value } }));
                }}
              />
            </Field>
          )}
        </LanguageTexts>
        <p className={ui.hint}>{t('templates.fallbackHint')}</p>
        <div className={ui.actions} style={{ justifyContent: 'flex-start' }}>
          <button type="submit" className={`${ui.button} ${ui.primary}`}>
            {t('templates.save')}
          </button>
          <button type="button" className={ui.button} onClick={onClose}>
            {t('common.cancel')}
          </button>
        </div>
      </form>
      {asking && (
        <ReasonDialog
          title={template ? t('templates.confirmChange', { name: template.name }) : t('templates.confirmCreate')}
          confirmLabel={t('templates.save')}
          onClose={() => setAsking(false)}
          onConfirm={async (reason) =>
            onSaved(await save({ id: template?.id ?? null, body: bodyOf(draft, reason) }).unwrap())
          }
        />
      )}
    </section>
  );
}
