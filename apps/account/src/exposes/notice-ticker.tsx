import { useEffect, useState } from 'react';
import type { ContentSummary } from '@app/contracts';
import { useReducedMotion } from '../lib/use-reduced-motion.ts';
import styles from './home-notices.module.css';

const EVERY_MS = 4000;

/**
 * The notice marquee: the pinned notices' titles one after another, each a link to the notice (the list below
 * holds the other notices, so none shows twice). It stands still for someone who asked for less motion and
 * while a finger, pointer or focus is on it; a marquee's changes are not announced (its role says so), and every
 * notice is a link away on the notices page.
 */
export function NoticeTicker({ notices }: { notices: ContentSummary[] }) {
  const reduced = useReducedMotion();
  const [index, setIndex] = useState(0);
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (reduced || held || notices.length < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % notices.length), EVERY_MS);
    return () => clearInterval(timer);
  }, [reduced, held, notices.length]);
  const notice = notices[index % notices.length];
  if (!notice) return null;
  const hold = () => setHeld(true);
  const release = () => setHeld(false);
  return (
    <div role="marquee" className={styles.ticker} data-testid="notice-ticker">
      <a
        key={notice.id}
        className={reduced ? styles.tickerItem : `${styles.tickerItem} ${styles.tickerIn}`}
        href={`#/pages/user/notice?id=${notice.id}`}
        onPointerEnter={hold}
        onPointerLeave={release}
        onFocus={hold}
        onBlur={release}
      >
        {notice.title}
      </a>
    </div>
  );
}
