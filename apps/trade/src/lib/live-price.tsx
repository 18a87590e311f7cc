import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '@app/i18n/client';
import { cx } from '@app/ui';
import { NS } from '../i18n-namespace.ts';
import { comparePrices } from './decimal.ts';
import styles from './market.module.css';

const FLASH_MS = 700;

/**
 * A price that updates live: it flashes in the up or down colour when it moves and keeps an arrow for the
 * direction of the last move (so the change is never told by colour alone). The price itself is shown exactly
 * as received, at the product's precision.
 */
export function LivePrice({
  price,
  precision,
  className,
}: {
  price: string | null;
  precision: number;
  className?: string;
}) {
  const { t } = useTranslation(NS);
  const f = useFormatters();
  const previous = useRef(price);
  const [move, setMove] = useState<-1 | 0 | 1>(0);
  const [flash, setFlash] = useState(false);

  useEffect(() => {
    const before = previous.current;
    previous.current = price;
    if (!price || !before) return;
    const direction = comparePrices(price, before);
    if (direction === 0) return;
    setMove(direction);
    setFlash(true);
    const timer = setTimeout(() => setFlash(false), FLASH_MS);
    return () => clearTimeout(timer);
  }, [price]);

  if (!price) return <span className={cx(styles.price, className)}>—</span>;
  return (
    <span
      className={cx(
        styles.price,
        move > 0 && styles.up,
        move < 0 && styles.down,
        flash && (move > 0 ? styles.flashUp : styles.flashDown),
        className,
      )}
    >
      {/* Before the first move a hidden arrow (drawn by the CSS) keeps the line's height: the arrow's glyph, often
          from a fallback font, is taller than the digits, and its arrival moved the text beside the price. */}
      <span className={cx(styles.arrow, move === 0 && styles.arrowIdle)} aria-hidden="true">
        {move > 0 ? '▲' : move < 0 ? '▼' : ''}
      </span>
      {f.number(price, precision)}
      {move !== 0 && <span className="visually-hidden">{t(move > 0 ? 'market.movedUp' : 'market.movedDown')}</span>}
    </span>
  );
}
