import { useId, type ReactNode } from 'react';
import styles from './reset-password.module.css';

/** One numbered step of a password reset: ask customer service, then set the new password. */
export function ResetStep({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className={styles.step} aria-labelledby={id}>
      <h2 id={id} className={styles.stepHead}>
        <span className={styles.stepNo}>{number}</span> <span>{title}</span>
      </h2>
      {children}
    </section>
  );
}

/** What customer service does and never does, in a card under step one. */
export function ResetExplanation({ children }: { children: ReactNode }) {
  return <div className={styles.card}>{children}</div>;
}
