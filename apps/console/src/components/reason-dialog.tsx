import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from './dialog.tsx';
import { errorText } from './error-text.ts';
import ui from './ui.module.css';

/** The audit log keeps why: every operator act asks for a reason of at least this many characters. */
export const MIN_REASON = 3;

/**
 * Confirms an act with its reason. The button stays disabled until the reason is long enough; a refusal shows
 * the server's message in the dialog, which stays open; success closes it.
 */
export function ReasonDialog({
  title,
  children,
  confirmLabel,
  tone = 'primary',
  onConfirm,
  onClose,
}: {
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  tone?: 'primary' | 'danger';
  /** Resolves when done; rejects with the request's error to keep the dialog open with its message. */
  onConfirm: (reason: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const trimmed = reason.trim();
  const tooShort = trimmed.length < MIN_REASON;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (tooShort || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      await onConfirm(trimmed);
      onClose();
    } catch (error) {
      setFailure(errorText(error, t));
      setBusy(false);
    }
  };

  return (
    <Dialog title={title} onClose={onClose} busy={busy} testId="reason-dialog">
      <form onSubmit={submit} noValidate style={{ display: 'contents' }}>
        {children}
        <div className={ui.field}>
          <label className={ui.label} htmlFor="reason">
            {t('reason.label')}
          </label>
          <textarea
            id="reason"
            className={ui.input}
            value={reason}
            maxLength={500}
            aria-invalid={touched && tooShort}
            aria-describedby="reason-help"
            onChange={(event) => setReason(event.target.value)}
            onBlur={() => setTouched(true)}
          />
          {touched && tooShort ? (
            <span id="reason-help" className={ui.fieldError}>
              {t('reason.tooShort', { count: MIN_REASON })}
            </span>
          ) : (
            <span id="reason-help" className={ui.hint}>
              {t('reason.hint')}
            </span>
          )}
        </div>
        {failure && (
          <div className={ui.alert} role="alert">
            {failure}
          </div>
        )}
        <div className={ui.actions}>
          <button type="button" className={ui.button} onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </button>
          <button
            type="submit"
            className={`${ui.button} ${tone === 'danger' ? ui.danger : ui.primary}`}
            disabled={tooShort || busy}
            aria-busy={busy}
          >
            {busy ? t('common.working') : confirmLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
