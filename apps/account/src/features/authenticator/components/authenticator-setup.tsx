import { useState, type FormEvent } from 'react';
import type { AuthenticatorEnrolment, AuthenticatorStatus } from '@app/contracts';
import { isApiError, useGetUserInfoQuery } from '@app/api-client';
import { Badge, Button, Field, useToast } from '@app/ui';
import { QrSvg } from '@app/ui/qr';
import { apiErrorText, SecondFactorField } from '@app/app-kit';
import { useFormatters } from '@app/i18n/client';
import { useInnerTranslation } from '../../../i18n-namespace.ts';
import {
  useConfirmAuthenticatorMutation,
  useDisableAuthenticatorMutation,
  useStartAuthenticatorMutation,
} from '../api/authenticator-api.ts';
import styles from './authenticator.module.css';

const fieldOf = (error: unknown) => (isApiError(error) ? error.field : undefined);

/**
 * Turning the authenticator app on: what it is for, then a secret to scan (or type), then its first code; the ten
 * recovery codes are shown once, to be kept before leaving.
 */
export function AuthenticatorEnrol({
  onCodes,
  onDone,
  copyText,
}: {
  onCodes: () => void;
  onDone: () => void;
  /** Copies the codes to the clipboard (rejects when it cannot). */
  copyText: (text: string) => Promise<void>;
}) {
  const { t } = useInnerTranslation();
  const toast = useToast();
  const [start, starting] = useStartAuthenticatorMutation();
  const [confirm, confirming] = useConfirmAuthenticatorMutation();
  const [enrolment, setEnrolment] = useState<AuthenticatorEnrolment | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  // With a passkey on, adding the app is stepped up: the passkey (or nothing else) confirms it.
  const { data: user } = useGetUserInfoQuery();
  const [stepUp, setStepUp] = useState('');
  const [stepUpError, setStepUpError] = useState<string | null>(null);

  const begin = async () => {
    try {
      setEnrolment(await start(stepUp ? { second_factor_code: stepUp } : undefined).unwrap());
    } catch (error) {
      setStepUp('');
      if (fieldOf(error) === 'second_factor_code') setStepUpError(apiErrorText(error, t));
      else toast.error(apiErrorText(error, t));
    }
  };
  const finish = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) return setCodeError(t('second_factor_wrong', { ns: 'errors' }));
    try {
      const answer = await confirm({ code: code.trim() }).unwrap();
      onCodes();
      setCodes(answer.recovery_codes);
      toast.info(t('authenticator_on', { ns: 'errors' }));
    } catch (error) {
      setCode('');
      if (fieldOf(error) === 'code') setCodeError(apiErrorText(error, t));
      else toast.error(apiErrorText(error, t));
    }
  };

  if (codes) {
    return (
      <section className={styles.panel} aria-labelledby="recovery-title" data-testid="recovery-codes">
        <h2 id="recovery-title">{t('authenticator.recoveryTitle')}</h2>
        <p>{t('authenticator.recoveryIntro')}</p>
        <ul className={styles.codes}>
          {codes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <p className={styles.warning}>{t('authenticator.recoveryOnce')}</p>
        <Button
          variant="secondary"
          block
          onClick={() =>
            void copyText(codes.join('\n')).then(
              () => toast.info(t('copied', { ns: 'errors' })),
              () => toast.error(t('authenticator.copyFailed')),
            )
          }
        >
          {t('authenticator.copyCodes')}
        </Button>
        <Button block onClick={onDone}>
          {t('authenticator.savedCodes')}
        </Button>
      </section>
    );
  }

  if (!enrolment) {
    return (
      <section className={styles.panel} aria-labelledby="authenticator-intro">
        <h2 id="authenticator-intro">{t('authenticator.introTitle')}</h2>
        <p>{t('authenticator.intro')}</p>
        <p>{t('authenticator.stepUpList')}</p>
        {(user?.second_factor || stepUpError) && (
          <SecondFactorField
            value={stepUp}
            onChange={(v) => {
              setStepUp(v);
              setStepUpError(null);
            }}
            error={stepUpError}
          />
        )}
        <Button block loading={starting.isLoading} onClick={() => void begin()}>
          {t('authenticator.setUp')}
        </Button>
      </section>
    );
  }

  return (
    <form className={styles.panel} onSubmit={(e) => void finish(e)} noValidate aria-labelledby="enrol-title">
      <h2 id="enrol-title">{t('authenticator.scanTitle')}</h2>
      <ol className={styles.steps}>
        <li>{t('authenticator.scanStep1')}</li>
        <li>{t('authenticator.scanStep2')}</li>
        <li>{t('authenticator.scanStep3')}</li>
      </ol>
      <QrSvg
        text={enrolment.otpauth_uri}
        label={t('authenticator.qrLabel')}
        className={styles.qr}
        testId="authenticator-qr"
      />
      <p className={styles.secret}>
        {t('authenticator.keyLabel')}
        <br />
        <span data-testid="authenticator-secret">{enrolment.secret}</span>
      </p>
      <Field
        name="code"
        label={t('authenticator.firstCode')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        error={codeError ?? undefined}
        onChange={(e) => {
          setCode(e.target.value);
          setCodeError(null);
        }}
      />
      <Button type="submit" block loading={confirming.isLoading}>
        {t('authenticator.turnOn')}
      </Button>
    </form>
  );
}

/** The app is on: since when, the recovery codes left, and turning it off (with a fresh code). */
export function AuthenticatorOn({
  status,
  holdNote,
}: {
  status: AuthenticatorStatus;
  /** The withdrawal hold turning it off started, in words, said with the success. */
  holdNote: () => Promise<string | null>;
}) {
  const { t } = useInnerTranslation();
  const f = useFormatters();
  const toast = useToast();
  const [disable, disabling] = useDisableAuthenticatorMutation();
  const [turningOff, setTurningOff] = useState(false);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const off = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setCodeError(t('second_factor_required', { ns: 'errors' }));
    try {
      await disable({ second_factor_code: code.trim() }).unwrap();
      const note = await holdNote();
      toast.info(t('authenticator_off', { ns: 'errors' }));
      if (note) toast.info(note);
    } catch (error) {
      setCode('');
      if (fieldOf(error) === 'second_factor_code') setCodeError(apiErrorText(error, t));
      else toast.error(apiErrorText(error, t));
    }
  };
  return (
    <section className={styles.panel} aria-labelledby="authenticator-on" data-testid="authenticator-on">
      <h2 id="authenticator-on" className={styles.status}>
        {t('authenticator.title')} <Badge tone="primary">{t('authenticator.on')}</Badge>
      </h2>
      {status.enrolled_at !== null && <p>{t('authenticator.since', { time: f.dateTime(status.enrolled_at) })}</p>}
      <p>{t('authenticator.codesLeft', { count: status.recovery_codes_left })}</p>
      <p>{t('authenticator.stepUpList')}</p>
      {!turningOff ? (
        <Button variant="secondary" block onClick={() => setTurningOff(true)}>
          {t('authenticator.turnOff')}
        </Button>
      ) : (
        <form onSubmit={(e) => void off(e)} noValidate>
          <p className={styles.warning}>{t('authenticator.turnOffWarning')}</p>
          <SecondFactorField
            value={code}
            onChange={(v) => {
              setCode(v);
              setCodeError(null);
            }}
            error={codeError}
          />
          <Button type="submit" variant="danger" block loading={disabling.isLoading}>
            {t('authenticator.turnOff')}
          </Button>
        </form>
      )}
    </section>
  );
}
