import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '@app/i18n/client';
import { cx } from '@app/ui';
import { NS } from '../i18n-namespace.ts';
import { comparePrices } from './decimal.ts';
import styles from './market.module.css';

/**
 * A price that updates live: it flashes in the up or down colour when it moves and keeps an arrow for the
 * direction of the last move (so the change is never told by colour alone). The price itself is shown exactly
 * as received, at the product's precision.
 *
 * With a `reference` (the open the candle and the change beside it are measured from), the arrow and the colour say
 * where the price stands against it, as the candle's colour does: a tick down inside a rising candle showed a
 * down-coloured ▼ beside an up-coloured candle and "+0.42%". The flash still tells the tick's own move.
 */
export function LivePrice({
  price,
  precision,
  className,
  reference,
}: {
  price: string | null;
  precision: number;
  className?: string;
  reference?: string | null;
}) {
  const { t } = useTranslation(NS);
  const f = useFormatters();
  // The move is worked out in the render that shows the new price (React renders this component again at once,
  // before anything is committed), not in an effect after it: one render per tick. The flash is a CSS animation
  // that ends by itself, so no timer renders it away either; `moves` alternates its name so that each move
  // starts it again.
  const [shown, setShown] = useState(price);
  const [move, setMove] = useState<-1 | 0 | 1>(0);
  const [moves, setMoves] = useState(0);
  if (price !== shown) {
    setShown(price);
    const direction = price && shown ? comparePrices(price, shown) : 0;
    if (direction !== 0) {
      setMove(direction);
      setMoves((n) => n + 1);
    }
  }

  if (!price) return <span className={cx(styles.price, className)}>—</span>;
  // What the arrow and the colour tell: against the reference when there is one, else the last tick's move.
  const side: -1 | 0 | 1 = reference ? comparePrices(price, reference) : move;
  return (
    <span
      className={cx(
        styles.price,
        side > 0 && styles.up,
        side < 0 && styles.down,
        moves > 0 && (move > 0 ? styles.flashUp : styles.flashDown),
        moves > 0 && moves % 2 === 0 && styles.flashAgain,
        className,
      )}
    >
      {/* Before the first move a hidden arrow (drawn by the CSS) keeps the line's height: the arrow's glyph, often
          from a fallback font, is taller than the digits, and its arrival moved the text beside the price. */}
      <span className={cx(styles.arrow, side === 0 && styles.arrowIdle)} aria-hidden="true">
        {side > 0 ? '▲' : side < 0 ? '▼' : ''}
      </span>
      {f.number(price, precision)}
      {side !== 0 && <span className="visually-hidden">{t(side > 0 ? 'market.movedUp' : 'market.movedDown')}</span>}
    </span>
  );
}
