import { useId, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '@app/api-client';
import { CASE_KINDS, CASE_TEXT_MAX, caseOpenBodySchema, type CaseKind } from '@app/contracts';
import { Button, EmptyState, useToast } from '@app/ui';
import { DefaultPage, ImageUploadField, UPLOAD_MAX_MB, apiErrorText } from '@app/app-kit';
import { useInnerTranslation } from '../i18n-namespace.ts';
import { useForm } from '../lib/forms/use-form.ts';
import { useOpenCaseMutation } from '../features/cases/api/cases-api.ts';
import { itemHref } from '../features/cases/components/case-item.ts';
import styles from '../features/cases/components/cases.module.css';

const textSchema = caseOpenBodySchema.pick({ text: true });

/**
 * /pages/user/contest?kind=order|deposit|withdrawal&id=N: the contest form the item's own page links to (a settled
 * order's detail, a refused recharge's or withdrawal's record). The server attaches the item's evidence itself;
 * the user says what is wrong and may add a picture.
 */
export default function ContestPage() {
  const { t } = useInnerTranslation();
  const [params] = useSearchParams();
  const kind = params.get('kind') as CaseKind | null;
  const id = Number(params.get('id'));
  const valid = kind !== null && CASE_KINDS.includes(kind) && Number.isInteger(id) && id > 0;
  return (
    <DefaultPage title={t('cases.contestTitle')}>
      {valid ? (
        <ContestForm kind={kind} itemId={id} />
      ) : (
        <EmptyState title={t('case_item_invalid', { ns: 'errors' })} />
      )}
    </DefaultPage>
  );
}

function ContestForm({ kind, itemId }: { kind: CaseKind; itemId: number }) {
  const { t } = useInnerTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const id = useId();
  const [uploadId, setUploadId] = useState<string | null>(null);
  const [open, opening] = useOpenCaseMutation();
  const form = useForm(textSchema, { text: '' });
  const field = form.field('text');
  const errorId = `${id}-error`;
  const onSubmit = form.handleSubmit(async (values) => {
    if (opening.isLoading) return;
    try {
      const opened = await open({
        kind,
        item_id: itemId,
        text: values.text,
        upload_id: uploadId ?? undefined,
      }).unwrap();
      toast.info(t('case_opened', { ns: 'errors' }));
      navigate(`/pages/user/cases?id=${opened.id}`, { replace: true });
    } catch (error) {
      if (!isApiError(error) || !form.showServerError(error)) toast.error(apiErrorText(error, t));
    }
  });
  return (
    <form className={styles.section} onSubmit={onSubmit} noValidate data-testid="contest-form">
      <h2 className={styles.heading}>{t(`cases.kind.${kind}`, { id: itemId })}</h2>
      <p className={styles.muted}>{t('cases.contestIntro')}</p>
      <a href={itemHref(kind, itemId)} className={styles.pickerAction}>
        {t('cases.seeItem')}
      </a>
      <label className={styles.label} htmlFor={`${id}-text`}>
        {t('cases.textLabel')}
      </label>
      <textarea
        id={`${id}-text`}
        name={field.name}
        className={styles.textarea}
        value={field.value}
        onChange={field.onChange}
        onBlur={field.onBlur}
        placeholder={t('cases.textPlaceholder')}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={field.error ? errorId : undefined}
        rows={5}
      />
      {field.error && (
        <p id={errorId} className={styles.error} role="alert">
          {field.error}
        </p>
      )}
      <span className={styles.count} aria-hidden="true">
        {field.value.length}/{CASE_TEXT_MAX}
      </span>
      <ImageUploadField
        testId="case-file-input"
        texts={{
          label: t('cases.file'),
          choose: t('cases.fileChoose'),
          change: t('cases.fileChange'),
          uploading: t('cases.uploading'),
          hint: t('cases.fileHint', { max: UPLOAD_MAX_MB }),
          previewAlt: t('cases.filePreview'),
        }}
        onUploaded={setUploadId}
      />
      <p className={styles.muted}>{t('cases.evidenceNote')}</p>
      <Button type="submit" block size="lg" loading={opening.isLoading}>
        {t('cases.submit')}
      </Button>
    </form>
  );
}
