import { useFormatters } from '@app/i18n/client';
import { cx } from '@app/ui';
import { signOf } from './decimal.ts';
import styles from './market.module.css';

/** Money that can be a gain or a loss, with its sign and arrow, never colour alone: "▲ +79.50 U". */
export function SignedMoney({ value, className }: { value: string | null; className?: string }) {
  const f = useFormatters();
  if (value === null) return <span className={cx(styles.num, styles.flat, className)}>—</span>;
  const sign = signOf(value);
  return (
    <span className={cx(styles.num, sign > 0 ? styles.up : sign < 0 ? styles.down : styles.flat, className)}>
      {/* Zero is neither a gain nor a loss: no arrow, no sign. */}
      {sign !== 0 && (
        <span className={styles.arrow} aria-hidden="true">
          {sign > 0 ? '▲' : '▼'}
        </span>
      )}
      {sign > 0 ? '+' : sign < 0 ? '−' : ''}
      {f.money(value.replace(/^-/, ''))}
    </span>
  );
}
