import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PasswordKind } from '@app/contracts';
import { CheckIcon } from '@app/ui';
import { NS } from '../../../i18n-namespace.ts';
import styles from './reset-password.module.css';

/**
 * The result of a completed reset, in place of the form (never only a toast): what changed, what follows from
 * it, and the next step. Focus moves to its heading so a screen reader announces it.
 */
export function ResetDone({ kind, action }: { kind: PasswordKind; action: ReactNode }) {
  const { t } = useTranslation(NS);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const fund = kind === 'fund';
  return (
    <section className={styles.done} aria-labelledby="reset-done-title" data-testid="reset-done">
      <span className={styles.doneIcon} aria-hidden="true">
        <CheckIcon size={32} />
      </span>
      <h2 id="reset-done-title" ref={heading} tabIndex={-1} className={styles.doneTitle}>
        {t(fund ? 'reset.doneFundTitle' : 'reset.doneTitle')}
      </h2>
      <p className={styles.doneText}>{t(fund ? 'reset.doneFund' : 'reset.doneLogin')}</p>
      <div className={styles.doneAction}>{action}</div>
    </section>
  );
}
