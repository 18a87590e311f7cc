import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BCP47, CONTENT_KINDS, type AdminContentItem, type ContentKind, type Language } from '@app/contracts';
import { PageHeader } from '../../../components/page-header.tsx';
import page from '../../../components/page.module.css';
import { ReasonDialog } from '../../../components/reason-dialog.tsx';
import { PanelHeading } from '../../../components/panel-heading.tsx';
import ui from '../../../components/ui.module.css';
import editor from '../../../components/editor.module.css';
import { EditorNotices } from '../../../components/editor-notices.tsx';
import { Field } from '../../../components/field.tsx';
import { LanguageTexts } from '../../../components/language-texts.tsx';
import { EDITOR_LANGUAGES, LANGUAGE_NAMES } from '../../../lib/editor-languages.ts';
import { useCreateContentMutation, useEditContentMutation, useSetContentStateMutation } from '../api/content-api.ts';
import {
  CONTENT_TONES,
  checkContent,
  createBodyOf,
  draftOf,
  fieldsOf,
  type ContentDraft,
  type ContentTextDraft,
} from '../lib/content-form.ts';
import { PhonePreview } from './phone-preview.tsx';
import styles from './content.module.css';

type Act = 'save' | 'publish' | 'withdraw';

/**
 * One item: its settings, its text in the ten languages side by side (English required; a language left empty
 * shows English to its readers), and the phone preview. Saving, publishing and withdrawing each ask for a reason.
 */
export function ContentEditor({
  item,
  kind,
  onClose,
  onCreated,
}: {
  item: AdminContentItem | null;
  kind: ContentKind;
  onClose: () => void;
  onCreated: (item: AdminContentItem) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<ContentDraft>(() => draftOf(item, kind));
  const [touched, setTouched] = useState(false);
  const [act, setAct] = useState<Act | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [create] = useCreateContentMutation();
  const [edit] = useEditContentMutation();
  const [setState] = useSetContentStateMutation();
  const errors = checkContent(draft, item);
  const valid = Object.keys(errors).length === 0;
  const shownError = (field: string) => (touched && errors[field] ? t(errors[field]!) : null);
  const set = <K extends keyof ContentDraft>(field: K, value: ContentDraft[K]) => {
    setSaved(null);
    setDraft((d) => ({ ...d, [field]: value }));
  };
  const setText = (lang: Language, field: keyof ContentTextDraft, value: string) => {
    setSaved(null);
    setDraft((d) => ({ ...d, texts: { ...d.texts, [lang]: { ...d.texts[lang], [field]: value } } }));
  };

  const askSave = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (valid) setAct('save');
  };
  const confirm = async (reason: string) => {
    if (act === 'save') {
      if (item) await edit({ id: item.id, body: { ...fieldsOf(draft), reason } }).unwrap();
      else onCreated(await create(createBodyOf(draft, reason)).unwrap());
      setSaved(t('content.saved'));
    } else if (item && act) {
      await setState({ id: item.id, action: act, reason }).unwrap();
      setSaved(t(`content.done.${act}`));
    }
  };

  return (
    <>
      <form onSubmit={askSave} noValidate>
        <PageHeader
          title={
            item ? t('content.editTitle', { title: item.translations.en?.title ?? item.slug }) : t('content.newTitle')
          }
          subtitle={
            item ? `${t(`content.kind.${item.kind}`)} · ${t(`content.states.${item.state}`)}` : t('content.newHint')
          }
        >
          <div className={page.toolbar}>
            <button type="button" className={ui.button} onClick={onClose}>
              {t('content.back')}
            </button>
            {item && item.state !== 'published' && (
              <button type="button" className={ui.button} onClick={() => setAct('publish')} data-testid="publish">
                {t('content.publish')}
              </button>
            )}
            {item && item.state === 'published' && (
              <button type="button" className={`${ui.button} ${ui.danger}`} onClick={() => setAct('withdraw')}>
                {t('content.withdraw')}
              </button>
            )}
            <button type="submit" className={`${ui.button} ${ui.primary}`} data-testid="save-content">
              {item ? t('content.save') : t('content.create')}
            </button>
          </div>
        </PageHeader>
        <EditorNotices done={saved} fix={touched && !valid ? t('content.fixErrors') : null} />
        <div className={styles.editor}>
          <div className={page.stack}>
            <section className={ui.panel} aria-labelledby="settings-title">
              <div className={`${ui.panelBody} ${page.stack}`}>
                <h2 id="settings-title" className={ui.panelTitle}>
                  {t('content.settings')}
                </h2>
                <div className={editor.grid}>
                  <Field id="kind" label={t('content.kindLabel')}>
                    <select
                      id="kind"
                      className={ui.input}
                      value={draft.kind}
                      disabled={item !== null}
                      onChange={(event) => set('kind', event.target.value as ContentKind)}
                    >
                      {CONTENT_KINDS.map((k) => (
                        <option key={k} value={k}>
                          {t(`content.kind.${k}`)}
                        </option>
                      ))}
                    </select>
                  </Field>
                  <Field id="slug" label={t('content.slug')} error={shownError('slug')} hint={t('content.slugHint')}>
                    <input
                      id="slug"
                      className={`${ui.input} ${page.mono}`}
                      value={draft.slug}
                      disabled={item !== null}
                      aria-invalid={!!shownError('slug')}
                      onChange={(event) => set('slug', event.target.value.toLowerCase())}
                    />
                  </Field>
                  <Field id="publish_at" label={t('content.publishAt')} error={shownError('publish_at')}>
                    <input
                      id="publish_at"
                      type="datetime-local"
                      className={ui.input}
                      value={draft.publish_at}
                      aria-invalid={!!shownError('publish_at')}
                      onChange={(event) => set('publish_at', event.target.value)}
                    />
                  </Field>
                  <Field id="sort" label={t('content.sort')} error={shownError('sort')}>
                    <input
                      id="sort"
                      inputMode="numeric"
                      className={ui.input}
                      value={draft.sort}
                      aria-invalid={!!shownError('sort')}
                      onChange={(event) => set('sort', event.target.value)}
                    />
                  </Field>
                </div>
                <div className={editor.grid}>
                  <Field id="link" label={t('content.link')} error={shownError('link')} hint={t('content.linkHint')}>
                    <input
                      id="link"
                      className={`${ui.input} ${page.mono}`}
                      value={draft.link}
                      placeholder="#/pages/..."
                      aria-invalid={!!shownError('link')}
                      onChange={(event) => set('link', event.target.value)}
                    />
                  </Field>
                  <Field id="tone" label={t('content.tone')}>
                    <select
                      id="tone"
                      className={ui.input}
                      value={draft.tone}
                      onChange={(e) => set('tone', e.target.value)}
                    >
                      {CONTENT_TONES.map((tone) => (
                        <option key={tone} value={tone}>
                          {t(`content.tones.${tone}`)}
                        </option>
                      ))}
                    </select>
                  </Field>
                  <label className={styles.check}>
                    <input type="checkbox" checked={draft.pinned} onChange={(e) => set('pinned', e.target.checked)} />
                    {t('content.pinnedLabel')}
                  </label>
                </div>
                {draft.kind === 'activity' && (
                  <div className={editor.grid}>
                    <Field id="activity_type" label={t('content.activityType')}>
                      <select
                        id="activity_type"
                        className={ui.input}
                        value={draft.activity_type}
                        onChange={(e) => set('activity_type', e.target.value as ContentDraft['activity_type'])}
                      >
                        <option value="promotion">{t('content.activityTypes.promotion')}</option>
                        <option value="recharge">{t('content.activityTypes.recharge')}</option>
                      </select>
                    </Field>
                    <Field id="starts_at" label={t('content.startsAt')} error={shownError('starts_at')}>
                      <input
                        id="starts_at"
                        type="datetime-local"
                        className={ui.input}
                        value={draft.starts_at}
                        aria-invalid={!!shownError('starts_at')}
                        onChange={(e) => set('starts_at', e.target.value)}
                      />
                    </Field>
                    <Field id="ends_at" label={t('content.endsAt')} error={shownError('ends_at')}>
                      <input
                        id="ends_at"
                        type="datetime-local"
                        className={ui.input}
                        value={draft.ends_at}
                        aria-invalid={!!shownError('ends_at')}
                        onChange={(e) => set('ends_at', e.target.value)}
                      />
                    </Field>
                  </div>
                )}
              </div>
            </section>
            <section className={ui.panel} aria-labelledby="texts-title">
              <div className={`${ui.panelBody} ${page.stack}`}>
                <PanelHeading id="texts-title" title={t('content.texts')} hint={t('content.textsHint')}>
                  {draft.kind !== 'banner' && <p className={ui.hint}>{t('content.bodyHint')}</p>}
                </PanelHeading>
                <LanguageTexts
                  texts="content"
                  testId={(lang) => `lang-${lang}`}
                  written={(lang) => draft.texts[lang].title.trim() !== ''}
                >
                  {(lang) => {
                    const text = draft.texts[lang];
                    return (
                      <>
                        <Field id={`${lang}-title`} label={t('content.textTitle')} error={shownError(`${lang}.title`)}>
                          <input
                            id={`${lang}-title`}
                            className={ui.input}
                            lang={BCP47[lang]}
                            value={text.title}
                            maxLength={160}
                            placeholder={lang === 'en' ? '' : draft.texts.en.title}
                            aria-invalid={!!shownError(`${lang}.title`)}
                            onChange={(e) => setText(lang, 'title', e.target.value)}
                          />
                        </Field>
                        <Field
                          id={`${lang}-summary`}
                          label={t('content.summary')}
                          error={shownError(`${lang}.summary`)}
                        >
                          <input
                            id={`${lang}-summary`}
                            className={ui.input}
                            lang={BCP47[lang]}
                            value={text.summary}
                            onChange={(e) => setText(lang, 'summary', e.target.value)}
                          />
                        </Field>
                        {draft.kind !== 'banner' && (
                          <Field id={`${lang}-body`} label={t('content.body')}>
                            <textarea
                              id={`${lang}-body`}
                              className={`${ui.input} ${page.mono}`}
                              lang={BCP47[lang]}
                              rows={4}
                              value={text.body}
                              onChange={(e) => setText(lang, 'body', e.target.value)}
                            />
                          </Field>
                        )}
                      </>
                    );
                  }}
                </LanguageTexts>
              </div>
            </section>
          </div>
          <PhonePreview draft={draft} />
        </div>
      </form>
      {act && (
        <ReasonDialog
          title={t(`content.confirm.${act}`)}
          confirmLabel={t(`content.confirmLabel.${act}`)}
          tone={act === 'withdraw' ? 'danger' : 'primary'}
          onClose={() => setAct(null)}
          onConfirm={confirm}
        >
          {act === 'save' && (
            <p>
              {t('content.confirm.languages', {
                languages: EDITOR_LANGUAGES.filter((l) => draft.texts[l].title.trim())
                  .map((l) => LANGUAGE_NAMES[l])
                  .join(', '),
              })}
            </p>
          )}
        </ReasonDialog>
      )}
    </>
  );
}
