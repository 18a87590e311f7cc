import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { selectToken, useAppSelector } from '@app/api-client';
import { UPLOAD_MAX_BYTES, type Avatar } from '@app/contracts';
import { Spinner, useToast, UserIcon } from '@app/ui';
import { apiErrorText, getBlob, postFile } from '@app/app-kit';
import { NS } from '../../../i18n-namespace.ts';
import styles from './avatar-picker.module.css';

/**
 * The user's picture and a button to change it. The server checks, re-encodes and crops what is sent; the
 * picture shown is the one it stored, fetched again after an upload (the image needs the session token, so it
 * is read as a blob rather than by URL).
 */
export function AvatarPicker() {
  const { t } = useTranslation(NS);
  const toast = useToast();
  const id = useId();
  const token = useAppSelector(selectToken);
  const [version, setVersion] = useState(0);
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let revoke: string | null = null;
    let live = true;
    getBlob('/api/user/avatar', token)
      .then((blob) => {
        if (!live) return;
        revoke = URL.createObjectURL(blob);
        setUrl(revoke);
      })
      .catch(() => live && setUrl(null));
    return () => {
      live = false;
      if (revoke) URL.revokeObjectURL(revoke);
    };
  }, [token, version]);

  const pick = async (file: File | undefined) => {
    setProblem(null);
    if (!file) return;
    if (file.size > UPLOAD_MAX_BYTES) {
      setProblem(t('upload_too_large', { ns: 'errors', max: UPLOAD_MAX_BYTES / 1024 / 1024 }));
      return;
    }
    setBusy(true);
    try {
      await postFile<Avatar>('/api/user/uploadavatar', token, file);
      toast.info(t('avatar.changed'));
      setVersion((v) => v + 1);
    } catch (e) {
      setProblem(apiErrorText(e, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.box}>
      <div className={styles.picture}>
        {url ? (
          <img src={url} alt={t('avatar.current')} data-testid="avatar-image" width={88} height={88} />
        ) : (
          <UserIcon size={44} />
        )}
        {busy && (
          <span className={styles.busy}>
            <Spinner label={t('avatar.uploading')} />
          </span>
        )}
      </div>
      <label className={styles.button} htmlFor={id}>
        {t('avatar.change')}
      </label>
      <input
        id={id}
        type="file"
        className={styles.file}
        accept="image/jpeg,image/png,image/webp"
        data-testid="avatar-input"
        aria-describedby={`${id}-hint${problem ? ` ${id}-e` : ''}`}
        onChange={(e) => {
          void pick(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <p id={`${id}-hint`} className={styles.hint}>
        {t('avatar.hint', { max: UPLOAD_MAX_BYTES / 1024 / 1024 })}
      </p>
      {problem && (
        <p id={`${id}-e`} className={styles.error} role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
