import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { selectToken, useAppSelector, useGetUserInfoQuery } from '@app/api-client';
import { Button, Field } from '@app/ui';
import { apiErrorText } from './api-error-text.ts';
import { isPasskeyCode, passkeyStepUpCode, passkeysSupported } from './passkeys/webauthn.ts';
import styles from './second-factor-field.module.css';

/**
 * The step-up field: the code the authenticator app shows now, or one of the recovery codes, or a passkey (the
 * button runs the passkey and puts the one-time code it earns in the field). Shown in a form whose request needs
 * a fresh second factor (the user has one on); sent as `second_factor_code`. A user whose factors are passkeys only
 * gets the passkey button alone. `passkey={false}` where there is no session to ask with (the login form, which has
 * its own passkey sign-in).
 */
export function SecondFactorField({
  value,
  onChange,
  error,
  passkey = true,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string | null | undefined;
  passkey?: boolean;
}) {
  const { t } = useTranslation('common');
  const token = useAppSelector(selectToken);
  const [busy, setBusy] = useState(false);
  const [passkeyError, setPasskeyError] = useState<string | null>(null);
  const withPasskey = passkey && passkeysSupported();
  // A user whose only factors are passkeys has no code to type: the passkey is the whole step.
  const factors = useGetUserInfoQuery(undefined, { skip: !passkey || !token }).data?.second_factors;
  const passkeysOnly = passkey && factors !== undefined && !factors.authenticator && factors.passkeys > 0;

  const askPasskey = async () => {
    setBusy(true);
    setPasskeyError(null);
    try {
      onChange(await passkeyStepUpCode(token));
    } catch (e) {
      setPasskeyError(apiErrorText(e, t));
    } finally {
      setBusy(false);
    }
  };

  if (isPasskeyCode(value))
    return (
      <div className={styles.done} role="status" data-testid="second-factor-passkey-done">
        <span>{t('secondFactor.passkeyDone')}</span>
        <button type="button" className={styles.link} onClick={() => onChange('')}>
          {t('secondFactor.useCode')}
        </button>
      </div>
    );
  if (passkeysOnly)
    return (
      <div className={styles.box} data-testid="second-factor-passkey-only">
        <p className={styles.note}>
          {withPasskey
            ? t('secondFactor.passkeyOnly', 'Confirm with one of your passkeys')
            : t(
                'secondFactor.passkeyUnsupported',
                'Your passkeys cannot be used in this browser. Open the app where you added one.',
              )}
        </p>
        {withPasskey && (
          <Button type="button" block loading={busy} onClick={() => void askPasskey()}>
            {t('secondFactor.usePasskey')}
          </Button>
        )}
        {(error ?? passkeyError) && (
          <p className={styles.error} role="alert">
            {error ?? passkeyError}
          </p>
        )}
      </div>
    );
  return (
    <div className={styles.box}>
      <Field
        name="second_factor_code"
        label={t('secondFactor.label')}
        placeholder={t('secondFactor.placeholder')}
        hint={t(withPasskey ? 'secondFactor.hintWithPasskey' : 'secondFactor.hint')}
        inputMode="text"
        autoComplete="one-time-code"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={40}
        value={value}
        error={error ?? passkeyError ?? undefined}
        onChange={(e) => onChange(e.target.value)}
        data-testid="second-factor-code"
      />
      {withPasskey && (
        <Button type="button" variant="outline" block loading={busy} onClick={() => void askPasskey()}>
          {t('secondFactor.usePasskey')}
        </Button>
      )}
    </div>
  );
}
