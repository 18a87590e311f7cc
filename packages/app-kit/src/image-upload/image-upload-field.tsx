import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { selectToken, useAppSelector } from '@app/api-client';
import { UPLOAD_MAX_BYTES, type Upload } from '@app/contracts';
import { Spinner } from '@app/ui';
// New in a recent release of @app/ui: bundled with each app until every live shell provides it (docs/web-delivery.md).
import { ImageIcon } from '@app/ui/icons';
import { apiErrorText } from '../api-error-text.ts';
import { postFile } from '../raw-request.ts';
import styles from './image-upload-field.module.css';

/** The field's words, in the calling app's namespace: the picker speaks the app's language, not the browser's. */
export type ImageUploadTexts = {
  label: string;
  choose: string;
  change: string;
  uploading: string;
  /** Under the picker before a picture is chosen (what to pick, the size limit). */
  hint: string;
  previewAlt: string;
};

/** The largest picture the server takes, in MB, for a hint's `{{max}}`. */
export const UPLOAD_MAX_MB = UPLOAD_MAX_BYTES / 1024 / 1024;

/**
 * A picture for the server (a transfer screenshot, a case's evidence): uploaded through the uploads module as soon as
 * it is picked, which checks and re-encodes it; `onUploaded` gets its id, or null while none is uploaded. The
 * browser's own file control speaks the browser's language ("Choose File", "No file chosen"): it stays in the page
 * for the keyboard and for the label, out of sight, and the picker around it speaks the app's.
 */
export function ImageUploadField({
  texts,
  onUploaded,
  error,
  testId,
}: {
  texts: ImageUploadTexts;
  onUploaded: (id: string | null) => void;
  /** The form's own message for the field (required, say), shown when the upload itself has none. */
  error?: string | undefined;
  testId: string;
}) {
  const { t } = useTranslation('errors');
  const id = useId();
  const token = useAppSelector(selectToken);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [name, setName] = useState('');
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  const pick = async (file: File | undefined) => {
    setProblem(null);
    onUploaded(null);
    setPreview(null);
    if (!file) return;
    if (file.size > UPLOAD_MAX_BYTES) {
      setProblem(t('upload_too_large', { ns: 'errors', max: UPLOAD_MAX_MB }));
      return;
    }
    setBusy(true);
    try {
      const answer = await postFile<Upload>('/api/user/uploadfile', token, file);
      setPreview(URL.createObjectURL(file));
      setName(file.name);
      onUploaded(answer.id);
    } catch (e) {
      setProblem(apiErrorText(e, t));
    } finally {
      setBusy(false);
    }
  };
  const shown = problem ?? error;
  return (
    <div>
      <span className={styles.label} id={`${id}-label`}>
        {texts.label}
      </span>
      <label className={styles.picker} htmlFor={id} data-invalid={shown ? true : undefined}>
        {preview ? (
          <img className={styles.thumb} src={preview} alt={texts.previewAlt} />
        ) : (
          <ImageIcon className={styles.icon} size={32} />
        )}
        <span className={styles.text}>
          <span className={styles.action}>{preview ? texts.change : texts.choose}</span>
          <span id={`${id}-hint`} className={styles.hint}>
            {busy ? texts.uploading : preview ? name : texts.hint}
          </span>
        </span>
        {busy && <Spinner label={texts.uploading} />}
        <input
          id={id}
          type="file"
          className="visually-hidden"
          accept="image/jpeg,image/png,image/webp"
          data-testid={testId}
          aria-labelledby={`${id}-label`}
          aria-invalid={shown ? true : undefined}
          aria-describedby={`${id}-hint${shown ? ` ${id}-e` : ''}`}
          onChange={(e) => void pick(e.target.files?.[0])}
        />
      </label>
      {shown && (
        <p id={`${id}-e`} className={styles.error} role="alert">
          {shown}
        </p>
      )}
    </div>
  );
}
