import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteViewMutation, useSaveViewMutation, useSavedViewsQuery, type TriageQueue } from '../lib/triage-api.ts';
import { Dialog } from './dialog.tsx';
import { errorText } from './error-text.ts';
import { Field } from './field.tsx';
import page from './page.module.css';
import ui from './ui.module.css';

/** Two queries name the same view when they hold the same filters, in any order. */
const sameQuery = (a: string, b: string) => {
  const sorted = (q: string) => [...new URLSearchParams(q).entries()].sort().join('&');
  return sorted(a) === sorted(b);
};

/**
 * The operator's saved views of a queue (kept by the server, so they follow the operator to any machine): pick
 * one to apply its filters, save the filters applied now under a name, delete the one shown.
 */
export function SavedViews({
  queue,
  current,
  onPick,
}: {
  queue: TriageQueue;
  /** The applied filters as the URL has them. */
  current: string;
  onPick: (query: string) => void;
}) {
  const { t } = useTranslation();
  const views = useSavedViewsQuery(queue);
  const [remove, removing] = useDeleteViewMutation();
  const [naming, setNaming] = useState(false);
  const items = views.data?.items ?? [];
  const shown = items.find((v) => sameQuery(v.query, current));
  return (
    <div className={page.toolbar} data-testid="saved-views">
      <label className={page.toolbar}>
        <span className={ui.label}>{t('triage.views')}</span>
        <select
          className={ui.input}
          style={{ width: 'auto', minWidth: 160 }}
          value={shown ? String(shown.id) : ''}
          onChange={(event) => {
            const view = items.find((v) => String(v.id) === event.target.value);
            if (view) onPick(view.query);
          }}
        >
          <option value="">{items.length === 0 ? t('triage.noViews') : t('triage.pickView')}</option>
          {items.map((v) => (
            <option key={v.id} value={v.id}>
              {v.name}
            </option>
          ))}
        </select>
      </label>
      <button type="button" className={`${ui.button} ${ui.small}`} onClick={() => setNaming(true)}>
        {t('triage.saveView')}
      </button>
      {shown && (
        <button
          type="button"
          className={`${ui.button} ${ui.small}`}
          disabled={removing.isLoading}
          onClick={() => void remove(shown.id)}
        >
          {t('triage.deleteView', { name: shown.name })}
        </button>
      )}
      {naming && <NameDialog queue={queue} query={current} onClose={() => setNaming(false)} />}
    </div>
  );
}

function NameDialog({ queue, query, onClose }: { queue: TriageQueue; query: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [save, saving] = useSaveViewMutation();
  const [name, setName] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    try {
      await save({ queue, name: name.trim(), query }).unwrap();
      onClose();
    } catch (error) {
      setFailure(errorText(error, t));
    }
  };
  return (
    <Dialog title={t('triage.saveViewTitle')} onClose={onClose} busy={saving.isLoading} testId="save-view-dialog">
      <form onSubmit={submit} style={{ display: 'contents' }}>
        <Field id="view-name" label={t('triage.viewName')} hint={t('triage.viewHint')}>
          <input
            id="view-name"
            className={ui.input}
            value={name}
            maxLength={40}
            onChange={(event) => setName(event.target.value)}
          />
        </Field>
        {failure && (
          <div className={ui.alert} role="alert">
            {failure}
          </div>
        )}
        <div className={ui.actions}>
          <button type="button" className={ui.button} onClick={onClose} disabled={saving.isLoading}>
            {t('common.cancel')}
          </button>
          <button type="submit" className={`${ui.button} ${ui.primary}`} disabled={!name.trim() || saving.isLoading}>
            {t('triage.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
