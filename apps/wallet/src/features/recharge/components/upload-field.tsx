import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { selectToken, useAppSelector } from '@app/api-client';
import { UPLOAD_MAX_BYTES, type Upload } from '@app/contracts';
import { Spinner } from '@app/ui';
import { NS } from '../../../i18n-namespace.ts';
import { apiErrorText, postFile } from '@app/app-kit';
import styles from '../../../lib/wallet.module.css';

/** The transfer screenshot: uploaded as soon as it is picked (the server checks and re-encodes it). */
export function UploadField({
  onUploaded,
  error,
}: {
  onUploaded: (id: string | null) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation(NS);
  const id = useId();
  const token = useAppSelector(selectToken);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  const pick = async (file: File | undefined) => {
    setProblem(null);
    onUploaded(null);
    setPreview(null);
    if (!file) return;
    if (file.size > UPLOAD_MAX_BYTES) {
      setProblem(t('upload_too_large', { ns: 'errors', max: UPLOAD_MAX_BYTES / 1024 / 1024 }));
      return;
    }
    setBusy(true);
    try {
      const answer = await postFile<Upload>('/api/user/uploadfile', token, file);
      setPreview(URL.createObjectURL(file));
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
      <label className={styles.label} htmlFor={id}>
        {t('recharge.screenshot')}
      </label>
      <input
        id={id}
        type="file"
        className={styles.file}
        accept="image/jpeg,image/png,image/webp"
        data-testid="screenshot-input"
        aria-invalid={shown ? true : undefined}
        aria-describedby={`${id}-hint${shown ? ` ${id}-e` : ''}`}
        onChange={(e) => void pick(e.target.files?.[0])}
      />
      <p id={`${id}-hint`} className={styles.note}>
        {t('recharge.screenshotHint', { max: UPLOAD_MAX_BYTES / 1024 / 1024 })}
      </p>
      {busy && <Spinner label={t('recharge.uploading')} />}
      {preview && <img className={styles.preview} src={preview} alt={t('recharge.screenshotPreview')} />}
      {shown && (
        <p id={`${id}-e`} className={styles.down} role="alert">
          {shown}
        </p>
      )}
    </div>
  );
}
