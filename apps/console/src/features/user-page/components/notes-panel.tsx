import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { USER_NOTE_MAX, userTagSchema, type UserNote } from '@app/contracts';
import { errorText } from '../../../components/error-text.ts';
import { Field } from '../../../components/field.tsx';
import { MIN_REASON, ReasonDialog } from '../../../components/reason-dialog.tsx';
import ui from '../../../components/ui.module.css';
import { formatDateTime } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/hooks.ts';
import {
  useAddUserNoteMutation,
  useRemoveUserNoteMutation,
  useSetUserTagMutation,
  useUserNotesQuery,
} from '../../../lib/user-notes-api.ts';
import styles from './user-page.module.css';

type Asking = { kind: 'add-tag' | 'remove-tag'; tag: string } | { kind: 'remove-note'; note: UserNote };

/**
 * Notes and tags on the user, for the next operator who opens the page: tags show beside the user in the queues,
 * notes here, newest first. Every write is audited; the user reads both in their data export, which the panel says.
 */
export function NotesPanel({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const notes = useUserNotesQuery(userId);
  const [addNote, adding] = useAddUserNoteMutation();
  const [removeNote] = useRemoveUserNoteMutation();
  const [setTag] = useSetUserTagMutation();
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const [tag, setTagText] = useState('');
  const [tagError, setTagError] = useState<string | null>(null);
  const [asking, setAsking] = useState<Asking | null>(null);

  const submitNote = async (event: FormEvent) => {
    event.preventDefault();
    if (note.trim().length < MIN_REASON) return setNoteError(t('notes.noteTooShort'));
    try {
      await addNote({ id: userId, body: note.trim() }).unwrap();
      setNote('');
      setNoteError(null);
    } catch (error) {
      setNoteError(errorText(error, t));
    }
  };
  const submitTag = (event: FormEvent) => {
    event.preventDefault();
    const parsed = userTagSchema.safeParse(tag);
    if (!parsed.success) return setTagError(t('notes.tagInvalid'));
    setTagError(null);
    setAsking({ kind: 'add-tag', tag: parsed.data });
  };

  const data = notes.data;
  return (
    <section className={`${ui.panel} ${ui.panelBody}`} aria-label={t('notes.title')} data-testid="notes-panel">
      <h2 className={ui.panelTitle}>{t('notes.title')}</h2>
      <p className={ui.hint}>{t('notes.readByUser')}</p>
      <div className={styles.tagRow} aria-label={t('notes.tags')} role="group">
        {data?.tags.length === 0 && <span className={ui.hint}>{t('notes.noTags')}</span>}
        {data?.tags.map((x) => (
          <span key={x.tag} className={`${ui.badge} ${ui.badgeWarn}`} title={t('notes.addedBy', { name: x.added_by })}>
            {x.tag}{' '}
            <button
              type="button"
              className={styles.tagRemove}
              aria-label={t('notes.removeTag', { tag: x.tag })}
              onClick={() => setAsking({ kind: 'remove-tag', tag: x.tag })}
            >
              ×
            </button>
          </span>
        ))}
      </div>
      <form onSubmit={submitTag} noValidate className={styles.inlineForm}>
        <Field id="new-tag" label={t('notes.newTag')} error={tagError} hint={t('notes.tagHint')}>
          <input
            id="new-tag"
            className={ui.input}
            value={tag}
            maxLength={24}
            onChange={(e) => setTagText(e.target.value)}
            aria-invalid={tagError ? true : undefined}
          />
        </Field>
        <button type="submit" className={`${ui.button} ${ui.small}`}>
          {t('notes.addTag')}
        </button>
      </form>

      <form onSubmit={submitNote} noValidate>
        <Field id="new-note" label={t('notes.newNote')} error={noteError}>
          <textarea
            id="new-note"
            className={ui.input}
            rows={3}
            value={note}
            maxLength={USER_NOTE_MAX}
            onChange={(e) => setNote(e.target.value)}
            aria-invalid={noteError ? true : undefined}
          />
        </Field>
        <button type="submit" className={`${ui.button} ${ui.primary} ${ui.small}`} disabled={adding.isLoading}>
          {t('notes.addNote')}
        </button>
      </form>
      {data && data.notes.length > 0 && (
        <ol className={styles.notes} aria-label={t('notes.notes')}>
          {data.notes.map((n) => (
            <li key={n.id}>
              <div className={ui.hint}>
                {n.operator} · {formatDateTime(n.created_at, lang)}{' '}
                <button
                  type="button"
                  className={`${ui.button} ${ui.small}`}
                  onClick={() => setAsking({ kind: 'remove-note', note: n })}
                >
                  {t('notes.removeNote')}
                </button>
              </div>
              <p className={styles.noteBody}>{n.body}</p>
            </li>
          ))}
        </ol>
      )}

      {asking && (
        <ReasonDialog
          title={
            asking.kind === 'remove-note'
              ? t('notes.confirmRemoveNote')
              : t(asking.kind === 'add-tag' ? 'notes.confirmAddTag' : 'notes.confirmRemoveTag', { tag: asking.tag })
          }
          confirmLabel={t(asking.kind === 'add-tag' ? 'notes.addTag' : 'notes.remove')}
          tone={asking.kind === 'add-tag' ? 'primary' : 'danger'}
          onClose={() => setAsking(null)}
          onConfirm={async (reason) => {
            if (asking.kind === 'remove-note')
              await removeNote({ id: userId, noteId: asking.note.id, reason }).unwrap();
            else {
              await setTag({ id: userId, tag: asking.tag, reason, remove: asking.kind === 'remove-tag' }).unwrap();
              if (asking.kind === 'add-tag') setTagText('');
            }
          }}
        >
          {asking.kind === 'remove-note' && <p className={styles.noteBody}>{asking.note.body}</p>}
        </ReasonDialog>
      )}
    </section>
  );
}
