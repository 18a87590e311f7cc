import { useTranslation } from 'react-i18next';
import type { Order } from '@app/contracts';
import { useFormatters } from '@app/i18n/client';
import { cx } from '@app/ui';
import { NS } from '../../../i18n-namespace.ts';
import styles from './orders.module.css';

/** "Win" / "Loss" / "Draw" with a sign, never colour alone. */
export function ResultLabel({ result }: { result: Order['result'] }) {
  const { t } = useTranslation(NS);
  if (!result) return null;
  return (
    <span className={cx(result === 'win' ? styles.up : result === 'loss' ? styles.down : styles.flat)}>
      <span aria-hidden="true">
        {result === 'win' ? '✓ ' : result === 'loss' ? '✕ ' : result === 'void' ? '↺ ' : '= '}
      </span>
      {t(`result.${result}`)}
    </span>
  );
}

/** Profit or loss with its sign: "+79.50 U" / "−100.50 U". */
export function PnlText({ pnl, className }: { pnl: string | null; className?: string }) {
  const f = useFormatters();
  if (pnl === null) return <span className={className}>—</span>;
  const negative = pnl.startsWith('-');
  const zero = /^-?0+(\.0+)?$/.test(pnl);
  return (
    <span className={cx(zero ? styles.flat : negative ? styles.down : styles.up, className)}>
      {zero ? '' : negative ? '−' : '+'}
      {f.money(pnl.replace(/^-/, ''))}
    </span>
  );
}
