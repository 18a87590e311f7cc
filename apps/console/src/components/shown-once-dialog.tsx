import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from './dialog.tsx';
import ui from './ui.module.css';

/**
 * A secret the server shows this once (an invitation ticket, an API token, recovery codes): a copy button, and
 * the dialog closes only after "I saved it".
 */
export function ShownOnceDialog({
  title,
  intro,
  secret,
  onDone,
  testId,
}: {
  title: string;
  intro: ReactNode;
  secret: string;
  onDone: () => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [saved, setSaved] = useState(false);
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <Dialog title={title} onClose={() => saved && onDone()} testId={testId}>
      <p>{intro}</p>
      <code className={ui.secret} data-testid="shown-once-secret">
        {secret}
      </code>
      <div className={ui.actions} style={{ justifyContent: 'flex-start' }}>
        <button type="button" className={`${ui.button} ${ui.small}`} onClick={copy}>
          {copied ? t('common.copied') : t('common.copy')}
        </button>
      </div>
      <label className={ui.checkRow}>
        <input type="checkbox" checked={saved} onChange={(event) => setSaved(event.target.checked)} />
        {t('common.savedIt')}
      </label>
      <div className={ui.actions}>
        <button type="button" className={`${ui.button} ${ui.primary}`} disabled={!saved} onClick={onDone}>
          {t('common.done')}
        </button>
      </div>
    </Dialog>
  );
}
