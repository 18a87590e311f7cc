import { useEffect, useId, useState } from 'react';
import { selectToken, useAppSelector } from '@app/api-client';
import { UPLOAD_MAX_BYTES, type Upload } from '@app/contracts';
import { Spinner } from '@app/ui';
// New in a recent release of @app/ui: bundled here until every live shell provides it (docs/web-delivery.md).
import { ImageIcon } from '@app/ui/icons';
import { apiErrorText, postFile } from '@app/app-kit';
import { useInnerTranslation } from '../../../i18n-namespace.ts';
import styles from './cases.module.css';

/**
 * An optional picture for a case: uploaded as soon as it is picked through the uploads module (the deposit
 * screenshot's endpoint), which checks and re-encodes it; the case then names its id.
 */
export function CaseFileField({ onUploaded }: { onUploaded: (id: string | null) => void }) {
  const { t } = useInnerTranslation();
  const id = useId();
  const token = useAppSelector(selectToken);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [name, setName] = useState('');
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  const max = UPLOAD_MAX_BYTES / 1024 / 1024;
  const pick = async (file: File | undefined) => {
    setProblem(null);
    onUploaded(null);
    setPreview(null);
    if (!file) return;
    if (file.size > UPLOAD_MAX_BYTES) {
      setProblem(t('upload_too_large', { ns: 'errors', max }));
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
  return (
    <div>
      <span className={styles.label} id={`${id}-label`}>
        {t('cases.file')}
      </span>
      <label className={styles.picker} htmlFor={id}>
        {preview ? (
          <img className={styles.thumb} src={preview} alt={t('cases.filePreview')} />
        ) : (
          <ImageIcon size={32} />
        )}
        <span className={styles.pickerText}>
          <span className={styles.pickerAction}>{t(preview ? 'cases.fileChange' : 'cases.fileChoose')}</span>
          <span id={`${id}-hint`} className={styles.muted}>
            {busy ? t('cases.uploading') : preview ? name : t('cases.fileHint', { max })}
          </span>
        </span>
        {busy && <Spinner label={t('cases.uploading')} />}
        <input
          id={id}
          type="file"
          className="visually-hidden"
          accept="image/jpeg,image/png,image/webp"
          data-testid="case-file-input"
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-hint`}
          onChange={(e) => void pick(e.target.files?.[0])}
        />
      </label>
      {problem && (
        <p className={styles.error} role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
