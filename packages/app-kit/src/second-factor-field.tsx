import { useTranslation } from 'react-i18next';
import { Field } from '@app/ui';

/**
 * The step-up field: the code the authenticator app shows now, or one of the recovery codes. Shown in a form
 * whose request needs a fresh second factor (the user has one on); sent as `second_factor_code`.
 */
export function SecondFactorField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string | null | undefined;
}) {
  const { t } = useTranslation('common');
  return (
    <Field
      name="second_factor_code"
      label={t('secondFactor.label')}
      placeholder={t('secondFactor.placeholder')}
      hint={t('secondFactor.hint')}
      inputMode="text"
      autoComplete="one-time-code"
      autoCapitalize="characters"
      spellCheck={false}
      maxLength={40}
      value={value}
      error={error ?? undefined}
      onChange={(e) => onChange(e.target.value)}
      data-testid="second-factor-code"
    />
  );
}
