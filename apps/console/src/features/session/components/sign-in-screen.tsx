import { useEffect, useReducer, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperatorLoginResult, OperatorSession } from '@app/contracts';
import { errorText } from '../../../components/error-text.ts';
import { LanguageSwitch } from '../../../components/language-switch.tsx';
import ui from '../../../components/ui.module.css';
import { isConsoleError } from '../../../lib/api.ts';
import { useAcceptInvitationMutation, useEnrolMutation, useSignInMutation } from '../api/session-api.ts';
import { CodeField } from './code-field.tsx';
import { initialSignIn, isOneTimeCode, isTotpCode, signInFlow, type SignInStep } from '../lib/sign-in-flow.ts';
import { QrCanvas } from './qr-canvas.tsx';
import styles from './sign-in.module.css';

/**
 * Signing in to the console: name and password (and the authenticator's code, or a recovery code, once
 * enrolled); a first sign-in enrols the authenticator and shows the recovery codes once. `onSignedIn` gets the
 * session (its CSRF token stays in memory).
 */
export function SignInScreen({
  onSignedIn,
  initialName = '',
  notice,
}: {
  onSignedIn: (session: OperatorSession) => void;
  initialName?: string;
  /** Why the operator is here again: the session ended. */
  notice?: string | null;
}) {
  const { t } = useTranslation();
  const [state, dispatch] = useReducer(signInFlow, initialName, initialSignIn);
  const signedInRef = useRef(onSignedIn);
  signedInRef.current = onSignedIn;
  useEffect(() => {
    if (state.step === 'done') signedInRef.current(state.session);
  }, [state]);

  return (
    <main className={styles.page}>
      <div className={`${styles.card} ${state.step === 'enrol' || state.step === 'recovery' ? styles.wide : ''}`}>
        <div className={styles.brand}>
          <span className={styles.brandName}>{t('app.name')}</span>
          <LanguageSwitch />
        </div>
        {state.step === 'credentials' && (
          <CredentialsStep
            key={state.name}
            state={state}
            notice={notice ?? null}
            onAnswer={(name, result) => dispatch({ type: 'answered', name, result })}
            onAccept={() => dispatch({ type: 'open_accept' })}
          />
        )}
        {state.step === 'enrol' && (
          <EnrolStep state={state} onEnrolled={(session) => dispatch({ type: 'enrolled', session })} />
        )}
        {state.step === 'recovery' && (
          <RecoveryStep codes={state.codes} onSaved={() => dispatch({ type: 'codes_saved' })} />
        )}
        {state.step === 'accept' && (
          <AcceptStep
            onAccepted={(name) => dispatch({ type: 'accepted', name })}
            onBack={() => dispatch({ type: 'back' })}
          />
        )}
      </div>
      <p className={styles.footer}>{t('signIn.footer')}</p>
    </main>
  );
}

function CredentialsStep({
  state,
  notice,
  onAnswer,
  onAccept,
}: {
  state: Extract<SignInStep, { step: 'credentials' }>;
  notice: string | null;
  onAnswer: (name: string, result: OperatorLoginResult) => void;
  onAccept: () => void;
}) {
  const { t } = useTranslation();
  const [signIn, { isLoading }] = useSignInMutation();
  const [name, setName] = useState(state.name);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState({ name: false, password: false, code: false });
  const [failure, setFailure] = useState<{ text: string; field?: string } | null>(null);

  const nameError = name.trim() ? null : t('signIn.nameRequired');
  const passwordError = password ? null : t('signIn.passwordRequired');
  const codeError = code.trim() && !isOneTimeCode(code) ? t('signIn.codeFormat') : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched({ name: true, password: true, code: true });
    if (nameError || passwordError || codeError || isLoading) return;
    setFailure(null);
    try {
      const trimmedName = name.trim().toLowerCase();
      const result = await signIn({
        name: trimmedName,
        password,
        ...(code.trim() ? { code: code.trim().toLowerCase() } : {}),
      }).unwrap();
      onAnswer(trimmedName, result);
    } catch (error) {
      setFailure({
        text: errorText(error, t),
        ...(isConsoleError(error) && error.field ? { field: error.field } : {}),
      });
      setPassword('');
      setCode('');
    }
  };

  return (
    <>
      <h1 className={styles.title}>{t('signIn.title')}</h1>
      {state.notice === 'password_set' && (
        <div className={ui.success} role="status">
          {t('signIn.passwordSet')}
        </div>
      )}
      {notice && state.notice !== 'password_set' && (
        <div className={ui.notice} role="status">
          {notice}
        </div>
      )}
      <form className={styles.form} onSubmit={submit} noValidate aria-label={t('signIn.title')}>
        <div className={ui.field}>
          <label className={ui.label} htmlFor="signin-name">
            {t('signIn.name')}
          </label>
          <input
            id="signin-name"
            className={ui.input}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={name}
            aria-invalid={touched.name && !!nameError}
            onChange={(event) => setName(event.target.value)}
            onBlur={() => setTouched((v) => ({ ...v, name: true }))}
          />
          {touched.name && nameError && <span className={ui.fieldError}>{nameError}</span>}
        </div>
        <div className={ui.field}>
          <label className={ui.label} htmlFor="signin-password">
            {t('signIn.password')}
          </label>
          <input
            id="signin-password"
            className={ui.input}
            type="password"
            autoComplete="current-password"
            value={password}
            aria-invalid={touched.password && !!passwordError}
            onChange={(event) => setPassword(event.target.value)}
            onBlur={() => setTouched((v) => ({ ...v, password: true }))}
          />
          {touched.password && passwordError && <span className={ui.fieldError}>{passwordError}</span>}
        </div>
        <CodeField
          id="signin-code"
          label={t('signIn.code')}
          value={code}
          onChange={setCode}
          onBlur={() => setTouched((v) => ({ ...v, code: true }))}
          error={touched.code ? codeError : null}
          hint={t('signIn.codeHint')}
          invalid={failure?.field === 'code'}
        />
        {failure && (
          <div className={ui.alert} role="alert">
            {failure.text}
          </div>
        )}
        <button
          type="submit"
          className={`${ui.button} ${ui.primary} ${styles.submit}`}
          disabled={isLoading}
          aria-busy={isLoading}
        >
          {isLoading ? t('common.working') : t('signIn.submit')}
        </button>
      </form>
      <button type="button" className={styles.link} onClick={onAccept}>
        {t('signIn.haveInvitation')}
      </button>
    </>
  );
}

function EnrolStep({
  state,
  onEnrolled,
}: {
  state: Extract<SignInStep, { step: 'enrol' }>;
  onEnrolled: (session: OperatorSession) => void;
}) {
  const { t } = useTranslation();
  const [enrol, { isLoading }] = useEnrolMutation();
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const codeError = isTotpCode(code) ? null : t('enrol.codeFormat');
  const { enrolment } = state;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (codeError || isLoading) return;
    setFailure(null);
    try {
      onEnrolled(await enrol({ ticket: enrolment.ticket, code: code.trim() }).unwrap());
    } catch (error) {
      setFailure(errorText(error, t));
      setCode('');
    }
  };

  return (
    <>
      <h1 className={styles.title}>{t('enrol.title')}</h1>
      <p className={styles.lead}>{t('enrol.lead', { name: state.name })}</p>
      <div className={styles.enrolGrid}>
        <QrCanvas text={enrolment.otpauth_uri} size={184} label={t('enrol.qrLabel')} className={styles.qr} />
        <ol className={styles.steps}>
          <li>{t('enrol.step1')}</li>
          <li>
            {t('enrol.step2')}
            <code className={ui.secret} data-testid="enrol-secret">
              {enrolment.secret.replace(/(.{4})(?=.)/g, '$1 ')}
            </code>
          </li>
          <li>{t('enrol.step3')}</li>
        </ol>
      </div>
      <form className={styles.form} onSubmit={submit} noValidate aria-label={t('enrol.title')}>
        <CodeField
          id="enrol-code"
          label={t('enrol.code')}
          value={code}
          onChange={setCode}
          onBlur={() => setTouched(true)}
          error={touched ? codeError : null}
          digitsOnly
        />
        {failure && (
          <div className={ui.alert} role="alert">
            {failure}
          </div>
        )}
        <button
          type="submit"
          className={`${ui.button} ${ui.primary} ${styles.submit}`}
          disabled={isLoading}
          aria-busy={isLoading}
        >
          {isLoading ? t('common.working') : t('enrol.submit')}
        </button>
      </form>
    </>
  );
}

function RecoveryStep({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
  const { t } = useTranslation();
  const [saved, setSaved] = useState(false);
  return (
    <>
      <h1 className={styles.title}>{t('recovery.title')}</h1>
      <p className={styles.lead}>{t('recovery.lead', { count: codes.length })}</p>
      <ol className={styles.codes} data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <label className={ui.checkRow}>
        <input type="checkbox" checked={saved} onChange={(event) => setSaved(event.target.checked)} />
        {t('recovery.saved')}
      </label>
      <button
        type="button"
        className={`${ui.button} ${ui.primary} ${styles.submit}`}
        disabled={!saved}
        onClick={onSaved}
      >
        {t('recovery.continue')}
      </button>
    </>
  );
}

function AcceptStep({ onAccepted, onBack }: { onAccepted: (name: string) => void; onBack: () => void }) {
  const { t } = useTranslation();
  const [accept, { isLoading }] = useAcceptInvitationMutation();
  const [ticket, setTicket] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [touched, setTouched] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const ticketError = ticket.trim().length >= 20 ? null : t('accept.ticketRequired');
  const passwordError = password.length >= 12 ? null : t('accept.passwordLength');
  const repeatError = repeat === password ? null : t('accept.passwordsDiffer');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (ticketError || passwordError || repeatError || isLoading) return;
    setFailure(null);
    try {
      const operator = await accept({ ticket: ticket.trim(), password }).unwrap();
      onAccepted(operator.name);
    } catch (error) {
      setFailure(errorText(error, t));
    }
  };

  return (
    <>
      <h1 className={styles.title}>{t('accept.title')}</h1>
      <p className={styles.lead}>{t('accept.lead')}</p>
      <form className={styles.form} onSubmit={submit} noValidate aria-label={t('accept.title')}>
        <div className={ui.field}>
          <label className={ui.label} htmlFor="accept-ticket">
            {t('accept.ticket')}
          </label>
          <input
            id="accept-ticket"
            className={ui.input}
            autoCapitalize="none"
            spellCheck={false}
            value={ticket}
            aria-invalid={touched && !!ticketError}
            onChange={(event) => setTicket(event.target.value)}
          />
          {touched && ticketError && <span className={ui.fieldError}>{ticketError}</span>}
        </div>
        <div className={ui.field}>
          <label className={ui.label} htmlFor="accept-password">
            {t('accept.password')}
          </label>
          <input
            id="accept-password"
            className={ui.input}
            type="password"
            autoComplete="new-password"
            value={password}
            aria-invalid={touched && !!passwordError}
            onChange={(event) => setPassword(event.target.value)}
          />
          {touched && passwordError ? (
            <span className={ui.fieldError}>{passwordError}</span>
          ) : (
            <span className={ui.hint}>{t('accept.passwordHint')}</span>
          )}
        </div>
        <div className={ui.field}>
          <label className={ui.label} htmlFor="accept-repeat">
            {t('accept.repeat')}
          </label>
          <input
            id="accept-repeat"
            className={ui.input}
            type="password"
            autoComplete="new-password"
            value={repeat}
            aria-invalid={touched && !!repeatError}
            onChange={(event) => setRepeat(event.target.value)}
          />
          {touched && repeatError && <span className={ui.fieldError}>{repeatError}</span>}
        </div>
        {failure && (
          <div className={ui.alert} role="alert">
            {failure}
          </div>
        )}
        <button
          type="submit"
          className={`${ui.button} ${ui.primary} ${styles.submit}`}
          disabled={isLoading}
          aria-busy={isLoading}
        >
          {isLoading ? t('common.working') : t('accept.submit')}
        </button>
      </form>
      <button type="button" className={styles.link} onClick={onBack}>
        {t('accept.back')}
      </button>
    </>
  );
}
