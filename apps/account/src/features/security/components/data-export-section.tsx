import { useRef, useState, type FormEvent } from 'react';
import { selectToken, useAppSelector } from '@app/api-client';
import { Button, DownloadIcon, useToast } from '@app/ui';
import { apiErrorText, postForFile, saveFile, useStepUp } from '@app/app-kit';
import { useInnerTranslation } from '../../../i18n-namespace.ts';
import styles from './security.module.css';

/** POST, form-encoded: the answer is a ZIP (data.json and a CSV per section), or the usual envelope on refusal. */
export const DATA_EXPORT_PATH = '/api/user/export';
/** The name when the server's `content-disposition` gives none. */
const FALLBACK_NAME = 'my-data.zip';

/**
 * "Your data": a copy of everything held about the user, as one ZIP the browser saves under the server's name.
 * With a second factor on it is stepped up like the other security actions: the factor field in the form, or
 * asked for once the server refuses with `second_factor_required` (the user info may be older than the factor).
 */
export function DataExportSection() {
  const { t } = useInnerTranslation();
  const toast = useToast();
  const token = useAppSelector(selectToken);
  const [busy, setBusy] = useState(false);
  // Two taps in one frame, before the button shows it is busy, still send one request.
  const sending = useRef(false);
  const stepUp = useStepUp();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending.current) return;
    if (!stepUp.ready()) return;
    sending.current = true;
    setBusy(true);
    try {
      const { blob, filename } = await postForFile(DATA_EXPORT_PATH, token, stepUp.body());
      stepUp.reset();
      saveFile(blob, filename ?? FALLBACK_NAME);
      toast.info(t('dataExport.downloading'));
    } catch (error) {
      if (!stepUp.refused(error)) toast.error(apiErrorText(error, t));
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  return (
    <form
      className={styles.section}
      aria-labelledby="data-export-title"
      data-testid="data-export-section"
      onSubmit={(e) => void submit(e)}
      noValidate
    >
      <h2 id="data-export-title">{t('dataExport.title')}</h2>
      <p className={styles.text}>{t('dataExport.explain')}</p>
      {stepUp.field && <div className={styles.factor}>{stepUp.field}</div>}
      <Button type="submit" variant="secondary" block loading={busy}>
        <DownloadIcon size={20} aria-hidden="true" />
        {t('dataExport.download')}
      </Button>
    </form>
  );
}
