import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetUserInfoQuery } from '@app/api-client';
import { apiErrorText, SecondFactorField } from '@app/app-kit';
import { errorField } from './form-errors.ts';

/**
 * Step-up in a wallet form: with an authenticator on (or once the server asked for one), the form shows the code
 * field, sends it as `second_factor_code`, and shows a refusal about it under the field. A code is spent once
 * accepted, so it is cleared after every attempt.
 */
export function useStepUp() {
  const { t } = useTranslation();
  const { data: user } = useGetUserInfoQuery();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [asked, setAsked] = useState(false);
  const ask = Boolean(user?.second_factor) || asked;
  return {
    ask,
    /** Whether the form may be sent: a code is given when one is asked for (else its error is shown). */
    ready(): boolean {
      if (ask && !code.trim()) {
        setError(t('second_factor_required', { ns: 'errors' }));
        return false;
      }
      return true;
    },
    body: (): { second_factor_code?: string } => (ask ? { second_factor_code: code.trim() } : {}),
    /** Takes a refusal about the second factor (true), or leaves it to the form (false). */
    refused(e: unknown): boolean {
      setCode('');
      if (errorField(e) !== 'second_factor_code') return false;
      setAsked(true);
      setError(apiErrorText(e, t));
      return true;
    },
    reset() {
      setCode('');
      setError(null);
    },
    field: ask ? (
      <SecondFactorField
        value={code}
        onChange={(v) => {
          setCode(v);
          setError(null);
        }}
        error={error}
      />
    ) : null,
  };
}
