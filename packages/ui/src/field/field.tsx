import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { cx } from '../lib/cx.ts';
import styles from './field.module.css';

export type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> & {
  label: ReactNode;
  name: string;
  /** Shown inline under the input and announced; also marks the input invalid. */
  error?: string | null;
  hint?: ReactNode;
  /** Something inside the box after the input: a show-password toggle, a "send code" button. */
  suffix?: ReactNode;
  /**
   * Keeps a line under the box for the error even while there is none, so an error coming or going on blur
   * moves nothing below: a tap on the form's button, which blurs the field first, still lands on the button.
   */
  reserveErrorLine?: boolean;
};

export function Field({ label, name, error, hint, suffix, reserveErrorLine, className, id, ...input }: FieldProps) {
  const autoId = useId();
  const inputId = id ?? `${name}-${autoId}`;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cx(styles.field, error && styles.invalid, reserveErrorLine && styles.reserving, className)}>
      <label className={styles.label} htmlFor={inputId}>
        {label}
      </label>
      <div className={styles.control}>
        <input
          {...input}
          id={inputId}
          name={name}
          className={styles.input}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        {suffix && <span className={styles.suffix}>{suffix}</span>}
      </div>
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
      {hint && !error && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {reserveErrorLine && !error && !hint && <p className={styles.reserved} aria-hidden="true" />}
    </div>
  );
}
