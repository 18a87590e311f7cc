import { useFormatters } from '@app/i18n/client';
import { cx } from '@app/ui';
import { signOf } from './decimal.ts';
import styles from './market.module.css';

/** A signed change with an arrow and the up/down colour: "▲ +0.42%". */
export function ChangeText({
  value,
  percent,
  digits = 2,
  className,
}: {
  value: string | null;
  percent?: boolean;
  digits?: number;
  className?: string;
}) {
  const f = useFormatters();
  if (value === null) return <span className={cx(styles.num, styles.flat, className)}>—</span>;
  const sign = signOf(value);
  const magnitude = f.number(value.replace(/^-/, ''), digits);
  return (
    <span className={cx(styles.num, sign > 0 ? styles.up : sign < 0 ? styles.down : styles.flat, className)}>
      <span className={styles.arrow} aria-hidden="true">
        {sign > 0 ? '▲' : sign < 0 ? '▼' : '–'}
      </span>
      {sign > 0 ? '+' : sign < 0 ? '−' : ''}
      {magnitude}
      {percent ? '%' : ''}
    </span>
  );
}
