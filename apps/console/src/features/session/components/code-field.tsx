import ui from '../../../components/ui.module.css';

/**
 * The one-time code input of sign-in (an authenticator or a recovery code) and of enrolment (an authenticator
 * code only, digits): the browser's one-time-code autofill, the error once touched, otherwise the hint.
 */
export function CodeField({
  id,
  label,
  value,
  onChange,
  onBlur,
  error,
  hint,
  digitsOnly = false,
  invalid = false,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  /** Shown instead of the hint (the caller passes it once the field is touched). */
  error: string | null;
  hint?: string;
  /** An authenticator code: six digits, the numeric keyboard, anything else dropped as typed. */
  digitsOnly?: boolean;
  /** Marked invalid for a reason of the caller's (the server named this field). */
  invalid?: boolean;
}) {
  const helpId = `${id}-hint`;
  return (
    <div className={ui.field}>
      <label className={ui.label} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className={ui.input}
        autoComplete="one-time-code"
        {...(digitsOnly ? { inputMode: 'numeric' as const } : { autoCapitalize: 'none', spellCheck: false })}
        maxLength={digitsOnly ? 6 : 11}
        value={value}
        aria-invalid={!!error || invalid}
        aria-describedby={error || hint ? helpId : undefined}
        onChange={(event) => onChange(digitsOnly ? event.target.value.replace(/\D/g, '') : event.target.value)}
        onBlur={onBlur}
      />
      {error ? (
        <span id={helpId} className={ui.fieldError}>
          {error}
        </span>
      ) : (
        hint && (
          <span id={helpId} className={ui.hint}>
            {hint}
          </span>
        )
      )}
    </div>
  );
}
