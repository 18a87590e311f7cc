import { isApiError } from '@app/api-client';
import { certificationBodySchema, type Certification, type DocumentType } from '@app/contracts';
import { Badge, Button, Field, useToast } from '@app/ui';
import { DefaultPage, Loading, LoadError, apiErrorText } from '@app/app-kit';
import { useFormatters } from '@app/i18n/client';
import { useInnerTranslation } from '../i18n-namespace.ts';
import { useForm } from '../lib/forms/use-form.ts';
import { useGetCertificationQuery, useSubmitCertificationMutation } from '../features/kyc/api/kyc-api.ts';
import styles from '../features/kyc/components/choice.module.css';
import prose from '../lib/prose.module.css';

const DOC_TYPES: DocumentType[] = ['cn_id', 'passport'];

/** Where the user stands: state, masked name and number, dates, and the reason of a refusal. */
function Status({ c }: { c: Certification }) {
  const { t } = useInnerTranslation();
  const f = useFormatters();
  const stateKey = c.state === 'verified' ? 'verified' : c.state;
  return (
    <dl className={styles.status} aria-label={t('kyc.statusLabel')}>
      <dt>{t('kyc.state')}</dt>
      <dd>
        <Badge tone={c.state === 'verified' ? 'primary' : 'neutral'}>{t(`info.realNameState.${stateKey}`)}</Badge>
      </dd>
      {c.real_name && (
        <>
          <dt>{t('kyc.name')}</dt>
          <dd>{c.real_name}</dd>
        </>
      )}
      {c.id_number_masked && c.doc_type && (
        <>
          <dt>{t(`kyc.docType.${c.doc_type}`)}</dt>
          <dd>{c.id_number_masked}</dd>
        </>
      )}
      {c.submitted_at !== null && (
        <>
          <dt>{t('kyc.submittedAt')}</dt>
          <dd>{f.dateTime(c.submitted_at)}</dd>
        </>
      )}
      {c.state === 'refused' && c.reason && (
        <>
          <dt>{t('kyc.reason')}</dt>
          <dd>{c.reason}</dd>
        </>
      )}
    </dl>
  );
}

function CertificationForm({ resubmit }: { resubmit: boolean }) {
  const { t } = useInnerTranslation();
  const toast = useToast();
  const [submit, { isLoading }] = useSubmitCertificationMutation();
  const form = useForm(certificationBodySchema, { real_name: '', doc_type: 'cn_id', id_number: '' });
  const docType = form.values.doc_type as DocumentType;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await submit({
        real_name: values.real_name,
        doc_type: values.doc_type as DocumentType,
        id_number: values.id_number,
      }).unwrap();
      toast.info(t('realname_submitted', { ns: 'errors' }));
    } catch (error) {
      if (!isApiError(error) || !form.showServerError(error)) toast.error(apiErrorText(error, t));
    }
  });
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      {resubmit && <p className={prose.lead}>{t('kyc.resubmit')}</p>}
      <fieldset className={styles.group}>
        <legend className={styles.legend}>{t('kyc.docTypeLabel')}</legend>
        <div className={styles.options}>
          {DOC_TYPES.map((type) => (
            <label key={type} className={styles.option}>
              <input
                type="radio"
                name="doc_type"
                value={type}
                checked={docType === type}
                onChange={() => {
                  form.set('doc_type', type);
                  // A number refused as an ID card says nothing about it as a passport number.
                  form.forget('id_number');
                }}
              />
              {t(`kyc.docType.${type}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <Field
        label={t('kyc.name')}
        autoComplete="name"
        hint={t(docType === 'cn_id' ? 'kyc.nameHintCn' : 'kyc.nameHintPassport')}
        {...form.field('real_name')}
      />
      <Field
        label={t(`kyc.docType.${docType}`)}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        hint={t(docType === 'cn_id' ? 'kyc.numberHintCn' : 'kyc.numberHintPassport')}
        {...form.field('id_number')}
      />
      <p className={styles.note}>{t('kyc.privacy')}</p>
      <Button type="submit" block size="lg" loading={isLoading}>
        {t('kyc.submit')}
      </Button>
    </form>
  );
}

/** /pages/user/auth: real-name verification, once; a refused submission may be corrected and sent again. */
export default function RealNamePage() {
  const { t } = useInnerTranslation();
  const { data, error, refetch } = useGetCertificationQuery();
  return (
    <DefaultPage title={t('titles.realName')}>
      {data ? (
        <>
          {data.state !== 'none' && <Status c={data} />}
          {data.state === 'pending' && <p className={prose.note}>{t('kyc.pendingNote')}</p>}
          {data.state === 'verified' && <p className={prose.note}>{t('kyc.verifiedNote')}</p>}
          {data.can_submit && <CertificationForm resubmit={data.state === 'refused'} />}
        </>
      ) : error ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : (
        <Loading />
      )}
    </DefaultPage>
  );
}
