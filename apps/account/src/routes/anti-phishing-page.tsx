import { useState, type FormEvent } from 'react';
import { isApiError, useGetUserInfoQuery } from '@app/api-client';
import { Button, Field, useToast } from '@app/ui';
import { apiErrorText, DefaultPage, useStepUp } from '@app/app-kit';
import { useInnerTranslation } from '../i18n-namespace.ts';
import { useSetAntiPhishingMutation } from '../features/anti-phishing/api/anti-phishing-api.ts';
import styles from '../features/passkeys/components/passkeys.module.css';

/** The anti-phishing code: what it is for, and setting, changing or removing it (stepped up with a factor on). */
export default function AntiPhishingPage() {
  const { t } = useInnerTranslation();
  const toast = useToast();
  const { data: user } = useGetUserInfoQuery();
  const [save, saving] = useSetAntiPhishingMutation();
  // What the user typed, else the code they have.
  const [typed, setCode] = useState<string | null>(null);
  const code = typed ?? user?.anti_phishing_code ?? '';
  const [codeError, setCodeError] = useState<string | null>(null);
  const stepUp = useStepUp();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stepUp.ready()) return;
    try {
      await save({ ...(code.trim() ? { code: code.trim() } : {}), ...stepUp.body() }).unwrap();
      stepUp.reset();
      toast.info(t('anti_phishing_set', { ns: 'errors' }));
    } catch (error) {
      if (stepUp.refused(error)) return;
      if (isApiError(error) && error.field === 'code') setCodeError(apiErrorText(error, t));
      else toast.error(apiErrorText(error, t));
    }
  };

  return (
    <DefaultPage title={t('antiPhishing.title')} backTo="/pages/user/security">
      <section className={styles.panel} aria-labelledby="anti-phishing-intro">
        <h2 id="anti-phishing-intro">{t('antiPhishing.introTitle')}</h2>
        <p>{t('antiPhishing.intro')}</p>
      </section>
      <form className={styles.panel} onSubmit={(e) => void submit(e)} noValidate>
        <Field
          name="code"
          label={t('antiPhishing.label')}
          hint={t('antiPhishing.hint')}
          maxLength={20}
          autoComplete="off"
          value={code}
          error={codeError ?? undefined}
          onChange={(e) => {
            setCode(e.target.value);
            setCodeError(null);
          }}
        />
        {stepUp.field}
        <Button type="submit" block loading={saving.isLoading}>
          {t('antiPhishing.save')}
        </Button>
      </form>
    </DefaultPage>
  );
}
