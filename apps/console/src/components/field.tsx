import type { ReactNode } from 'react';
import ui from './ui.module.css';

/** A labelled form field with its error (in place of the hint when there is one). */
export function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string | null | undefined;
  hint?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={ui.field}>
      <label className={ui.label} htmlFor={id}>
        {label}
      </label>
      {children}
      {error ? (
        <span className={ui.fieldError} id={`${id}-error`}>
          {error}
        </span>
      ) : hint ? (
        <span className={ui.hint}>{hint}</span>
      ) : null}
    </div>
  );
}
