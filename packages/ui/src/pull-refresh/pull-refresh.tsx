import { useRef, useState, type ReactNode, type TouchEvent } from 'react';
import { cx } from '../lib/cx.ts';
import styles from './pull-refresh.module.css';

const THRESHOLD = 64;

export type PullRefreshProps = {
  onRefresh: () => Promise<unknown>;
  labels: { pull: string; release: string; refreshing: string };
  children: ReactNode;
};

/** Pull down at the top of the page to refresh; the list stays usable with a keyboard through its own controls. */
export function PullRefresh({ onRefresh, labels, children }: PullRefreshProps) {
  const [pull, setPull] = useState(0);
  const [refreshing, setRefreshing] = useState(false);
  const start = useRef<number | null>(null);

  const onTouchStart = (e: TouchEvent) => {
    if (window.scrollY > 0 || refreshing) return;
    start.current = e.touches[0]?.clientY ?? null;
  };
  const onTouchMove = (e: TouchEvent) => {
    if (start.current === null) return;
    const delta = (e.touches[0]?.clientY ?? 0) - start.current;
    // Resistance: the indicator moves at half the finger's speed.
    setPull(Math.max(0, Math.min(delta / 2, THRESHOLD * 1.5)));
  };
  const onTouchEnd = async () => {
    if (start.current === null) return;
    start.current = null;
    if (pull < THRESHOLD) {
      setPull(0);
      return;
    }
    setRefreshing(true);
    setPull(THRESHOLD * 0.75);
    try {
      await onRefresh();
    } finally {
      setRefreshing(false);
      setPull(0);
    }
  };

  const text = refreshing ? labels.refreshing : pull >= THRESHOLD ? labels.release : labels.pull;
  return (
    <div className={styles.wrap} onTouchStart={onTouchStart} onTouchMove={onTouchMove} onTouchEnd={onTouchEnd}>
      <div
        className={cx(styles.indicator, start.current !== null && styles.dragging)}
        style={{ height: pull }}
        aria-live="polite"
      >
        {pull > 0 && <span>{text}</span>}
      </div>
      {children}
    </div>
  );
}
