import { useId, type ReactNode } from 'react';
import styles from './checkbox.module.css';

export type CheckboxProps = {
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: ReactNode;
  error?: string | null;
  onBlur?: () => void;
};

export function Checkbox({ name, checked, onChange, label, error, onBlur }: CheckboxProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={styles.wrap}>
      <div className={styles.row}>
        <label className={styles.label}>
          <input
            type="checkbox"
            className={styles.box}
            name={name}
            checked={checked}
            onChange={(e) => onChange(e.target.checked)}
            onBlur={onBlur}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
          {/* The label may hold a link (the agreement); a link inside a label navigates, it does not toggle. */}
          <span>{label}</span>
        </label>
      </div>
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
