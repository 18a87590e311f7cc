import { useTranslation } from 'react-i18next';
import type { Direction } from '@app/contracts';
import { cx } from '@app/ui';
import { NS } from '../i18n-namespace.ts';
import styles from './market.module.css';

/** "▲ Rise" / "▼ Fall" in the up/down colour, arrow included. */
export function DirectionLabel({ direction, className }: { direction: Direction; className?: string }) {
  const { t } = useTranslation(NS);
  return (
    <span className={cx(direction === 'up' ? styles.up : styles.down, className)}>
      <span aria-hidden="true">{direction === 'up' ? '▲ ' : '▼ '}</span>
      {t(direction === 'up' ? 'direction.up' : 'direction.down')}
    </span>
  );
}
