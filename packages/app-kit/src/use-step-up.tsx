import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, useGetUserInfoQuery } from '@app/api-client';
import { apiErrorText } from './api-error-text.ts';
import { SecondFactorField } from './second-factor-field.tsx';

/**
 * Step-up in a form: with a second factor on (or once the server asked for one, a factor turned on in another
 * tab), the form shows the factor's field, sends it as `second_factor_code`, and shows a refusal about it under the
 * field. A code is spent once tried, so it is cleared after every attempt.
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
      if (!isApiError(e) || e.field !== 'second_factor_code') return false;
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
