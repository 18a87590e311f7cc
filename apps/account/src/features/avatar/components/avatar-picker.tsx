import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { selectToken, useAppDispatch, useAppSelector, useGetUserInfoQuery, userApi } from '@app/api-client';
import { UPLOAD_MAX_BYTES, type Avatar } from '@app/contracts';
import { Spinner, useToast, UserIcon } from '@app/ui';
import { apiErrorText, postFile } from '@app/app-kit';
import { NS } from '../../../i18n-namespace.ts';
import { useAvatarUrl } from '../../../lib/use-avatar-url.ts';
import styles from './avatar-picker.module.css';

/**
 * The user's picture and a button to change it. The server checks, re-encodes and crops what is sent; the
 * picture shown is the one it stored: after an upload the user summary is read again, names the new picture,
 * and every place that shows it (here, Mine) fetches it.
 */
export function AvatarPicker() {
  const { t } = useTranslation(NS);
  const toast = useToast();
  const id = useId();
  const dispatch = useAppDispatch();
  const token = useAppSelector(selectToken);
  const { data: user } = useGetUserInfoQuery();
  const url = useAvatarUrl(user?.avatar_id);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

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
      dispatch(userApi.util.invalidateTags(['User']));
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
