import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BCP47, type Language } from '@app/contracts';
import editor from '../../../components/editor.module.css';
import { EditorNotices } from '../../../components/editor-notices.tsx';
import { Field } from '../../../components/field.tsx';
import { WrittenBadge } from '../../../components/language-texts.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { ReasonDialog } from '../../../components/reason-dialog.tsx';
import ui from '../../../components/ui.module.css';
import { EDITOR_LANGUAGES, LANGUAGE_NAMES } from '../../../lib/editor-languages.ts';
import { useBroadcastMutation } from '../api/broadcast-api.ts';
import { broadcastBodyOf, checkBroadcast, emptyBroadcast, type BroadcastDraft } from '../lib/broadcast-form.ts';

/**
 * A message to every user's inbox, in the ten languages side by side: each reader gets theirs, English where it
 * is missing. Sent once, with a reason; the answer says how many inboxes it reached.
 */
export function BroadcastPage() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<BroadcastDraft>(emptyBroadcast);
  const [touched, setTouched] = useState(false);
  const [asking, setAsking] = useState(false);
  const [sent, setSent] = useState<number | null>(null);
  const [send] = useBroadcastMutation();
  const errors = checkBroadcast(draft);
  const valid = Object.keys(errors).length === 0;
  const error = (field: string) => (touched && errors[field] ? t(errors[field]!) : null);
  const set = (lang: Language, field: 'title' | 'body', value: string) => {
    setSent(null);
    setDraft((d) => ({ ...d, [lang]: { ...d[lang], [field]: value } }));
  };
  const written = EDITOR_LANGUAGES.filter((l) => draft[l].title.trim() && draft[l].body.trim());
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (valid) setAsking(true);
  };

  return (
    <>
      <form onSubmit={submit} noValidate>
        <PageHeader title={t('broadcast.title')} subtitle={t('broadcast.subtitle')}>
          <button type="submit" className={`${ui.button} ${ui.primary}`} data-testid="send-broadcast">
            {t('broadcast.send')}
          </button>
        </PageHeader>
        <EditorNotices done={sent !== null ? t('broadcast.sent', { count: sent }) : null} fix={null} />
        <section className={ui.panel}>
          <div
            className={`${ui.panelBody} ${editor.grid}`}
            style={{ gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))' }}
          >
            {EDITOR_LANGUAGES.map((lang) => (
              <fieldset key={lang} className={editor.group} data-testid={`broadcast-${lang}`}>
                <legend className={editor.legend}>
                  {LANGUAGE_NAMES[lang]} <span className={ui.hint}>({lang})</span>{' '}
                  <WrittenBadge lang={lang} written={written.includes(lang)} texts="broadcast" />
                </legend>
                <Field
                  id={`broadcast-${lang}-title`}
                  label={t('broadcast.messageTitle')}
                  error={error(`${lang}.title`)}
                >
                  <input
                    id={`broadcast-${lang}-title`}
                    className={ui.input}
                    lang={BCP47[lang]}
                    value={draft[lang].title}
                    aria-invalid={!!error(`${lang}.title`)}
                    onChange={(event) => set(lang, 'title', event.target.value)}
                  />
                </Field>
                <Field id={`broadcast-${lang}-body`} label={t('broadcast.body')} error={error(`${lang}.body`)}>
                  <textarea
                    id={`broadcast-${lang}-body`}
                    className={ui.input}
                    lang={BCP47[lang]}
                    rows={3}
                    value={draft[lang].body}
                    aria-invalid={!!error(`${lang}.body`)}
                    onChange={(event) => set(lang, 'body', event.target.value)}
                  />
                </Field>
              </fieldset>
            ))}
          </div>
        </section>
      </form>
      {asking && (
        <ReasonDialog
          title={t('broadcast.confirm')}
          confirmLabel={t('broadcast.send')}
          onClose={() => setAsking(false)}
          onConfirm={async (reason) => {
            const answer = await send(broadcastBodyOf(draft, reason)).unwrap();
            setSent(answer.recipients);
            setDraft(emptyBroadcast());
            setTouched(false);
          }}
        >
          <p>{t('broadcast.confirmLanguages', { languages: written.map((l) => LANGUAGE_NAMES[l]).join(', ') })}</p>
        </ReasonDialog>
      )}
    </>
  );
}
