import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { selectToken, useAppSelector } from '@app/api-client';
import { UPLOAD_MAX_BYTES, type Upload } from '@app/contracts';
import { Spinner } from '@app/ui';
// New in this release of @app/ui: bundled here until every live shell provides it (docs/web-delivery.md).
import { ImageIcon } from '@app/ui/icons';
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
  const [name, setName] = useState('');
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
      setName(file.name);
      onUploaded(answer.id);
    } catch (e) {
      setProblem(apiErrorText(e, t));
    } finally {
      setBusy(false);
    }
  };
  const shown = problem ?? error;
  // The browser's own file control speaks the browser's language ("Choose File", "No file chosen"): it stays in
  // the page for the keyboard and for the label, out of sight, and the picker around it speaks the app's.
  return (
    <div>
      <span className={styles.label} id={`${id}-label`}>
        {t('recharge.screenshot')}
      </span>
      <label className={styles.picker} htmlFor={id} data-invalid={shown ? true : undefined}>
        {preview ? (
          <img className={styles.pickerThumb} src={preview} alt={t('recharge.screenshotPreview')} />
        ) : (
          <ImageIcon className={styles.pickerIcon} size={32} />
        )}
        <span className={styles.pickerText}>
          <span className={styles.pickerAction}>
            {t(preview ? 'recharge.changePicture' : 'recharge.choosePicture')}
          </span>
          <span id={`${id}-hint`} className={styles.note}>
            {busy
              ? t('recharge.uploading')
              : preview
                ? name
                : t('recharge.screenshotHint', { max: UPLOAD_MAX_BYTES / 1024 / 1024 })}
          </span>
        </span>
        {busy && <Spinner label={t('recharge.uploading')} />}
        <input
          id={id}
          type="file"
          className="visually-hidden"
          accept="image/jpeg,image/png,image/webp"
          data-testid="screenshot-input"
          aria-labelledby={`${id}-label`}
          aria-invalid={shown ? true : undefined}
          aria-describedby={`${id}-hint${shown ? ` ${id}-e` : ''}`}
          onChange={(e) => void pick(e.target.files?.[0])}
        />
      </label>
      {shown && (
        <p id={`${id}-e`} className={styles.down} role="alert">
          {shown}
        </p>
      )}
    </div>
  );
}
