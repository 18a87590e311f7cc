import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReplyTemplate, ReplyTemplateUse } from '@app/contracts';
import { Dialog } from './dialog.tsx';
import { errorText } from './error-text.ts';
import { TemplatePicker } from './template-picker.tsx';
import ui from './ui.module.css';

/** The audit log keeps why: every operator act asks for a reason of at least this many characters. */
export const MIN_REASON = 3;

/**
 * Confirms an act with its reason. The button stays disabled until the reason is long enough; a refusal shows
 * the server's message in the dialog, which stays open; success closes it. An act the user hears of
 * (`templateUse`: a refusal) also offers the reply templates for it: the user then reads the template in their
 * language, and the reason goes to the audit log only.
 */
export function ReasonDialog({
  title,
  children,
  confirmLabel,
  tone = 'primary',
  templateUse,
  onConfirm,
  onClose,
}: {
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  tone?: 'primary' | 'danger';
  templateUse?: ReplyTemplateUse | undefined;
  /**
   * Resolves when done; rejects with the request's error to keep the dialog open with its message. `templateId`:
   * the template the operator picked, if any.
   */
  onConfirm: (reason: string, templateId?: number) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [template, setTemplate] = useState<ReplyTemplate | null>(null);
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
      await (template ? onConfirm(trimmed, template.id) : onConfirm(trimmed));
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
        {templateUse && (
          <TemplatePicker
            use={templateUse}
            value={template}
            onChange={setTemplate}
            noneLabel={t('templates.noneReason')}
          />
        )}
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
              {template ? t('templates.reasonAuditOnly') : t('reason.hint')}
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
