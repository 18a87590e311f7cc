import { memo, useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContentSummary } from '@app/contracts';
import { BackIcon, ChevronIcon, cx } from '@app/ui';
import { NS } from '../../../i18n-namespace.ts';
import { useReducedMotion } from '../../../lib/use-reduced-motion.ts';
import styles from './banner-carousel.module.css';

/** How long a banner stays before the next one slides in (WCAG 2.2.2: the person can pause it). */
export const AUTOPLAY_MS = 5000;
/** A swipe has settled when no scroll event came for this long; only then is the shown banner read from it. */
const SCROLL_SETTLE_MS = 120;

const TONES = new Set(['brand', 'up', 'gold', 'info', 'violet']);
/** Only in-app links (the content contract's "#/pages/..."): a banner never leads off the app. */
const inAppLink = (link: string | null) => (link && /^#\/[\w/?=&%.-]*$/.test(link) ? link : null);

const PauseIcon = () => (
  <svg width="16" height="16" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
    <rect x="6" y="5" width="4" height="14" rx="1" />
    <rect x="14" y="5" width="4" height="14" rx="1" />
  </svg>
);
const PlayIcon = () => (
  <svg width="16" height="16" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
    <path d="M7 4.5v15a1 1 0 0 0 1.5.86l12-7.5a1 1 0 0 0 0-1.72l-12-7.5A1 1 0 0 0 7 4.5z" />
  </svg>
);

/**
 * Home's banners (the APG carousel pattern): swipe (native scroll with scroll-snap), previous/next buttons,
 * one dot per banner, the arrow keys, and autoplay that never runs under prefers-reduced-motion, stops while
 * the pointer is over it or focus is inside it, stops for good once the person touches it, and has its own
 * pause button. Every slide has the same fixed aspect ratio so nothing below moves when it appears.
 */
export const BannerCarousel = memo(function BannerCarousel({ items }: { items: ContentSummary[] }) {
  const { t } = useTranslation(NS);
  const reduced = useReducedMotion();
  const count = items.length;
  const [index, setIndex] = useState(0);
  // The person's own choice (the pause/play button, a touch) wins; until they make one, the slideshow plays
  // unless the system asks for reduced motion (followed live: switching it on stops it).
  const [choice, setChoice] = useState<'play' | 'pause' | null>(null);
  const playing = choice === 'play' || (choice === null && !reduced);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const track = useRef<HTMLDivElement>(null);
  const settle = useRef<ReturnType<typeof setTimeout> | null>(null);

  const rotating = playing && !hovered && !focused && count > 1;
  useEffect(() => {
    if (!rotating) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [rotating, count]);

  // The shown banner drives the scroll position (buttons, dots, keys, autoplay) ...
  useEffect(() => {
    const el = track.current;
    if (!el || !el.clientWidth) return;
    const shown = Math.round(el.scrollLeft / el.clientWidth);
    if (shown !== index) el.scrollTo?.({ left: index * el.clientWidth, behavior: reduced ? 'auto' : 'smooth' });
  }, [index, reduced]);
  useEffect(() => () => void (settle.current && clearTimeout(settle.current)), []);

  // ... and a swipe, once settled, sets the shown banner.
  const onScroll = () => {
    if (settle.current) clearTimeout(settle.current);
    settle.current = setTimeout(() => {
      const el = track.current;
      if (!el || !el.clientWidth) return;
      setIndex(Math.min(count - 1, Math.max(0, Math.round(el.scrollLeft / el.clientWidth))));
    }, SCROLL_SETTLE_MS);
  };

  const go = useCallback((to: number) => setIndex(((to % count) + count) % count), [count]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') go(index + 1);
    else if (event.key === 'ArrowLeft') go(index - 1);
    else if (event.key === 'Home') go(0);
    else if (event.key === 'End') go(count - 1);
    else return;
    event.preventDefault();
  };

  if (count === 0) return null;
  return (
    // The region only listens: arrow keys, hover, focus and touch steer or stop the slideshow, and every one of
    // those actions also has its own labelled button below.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <section
      className={styles.carousel}
      aria-roledescription="carousel"
      aria-label={t('homeBanner.label')}
      data-testid="home-banner"
      data-playing={rotating ? 'true' : 'false'}
      onKeyDown={onKeyDown}
      onPointerEnter={(e) => e.pointerType === 'mouse' && setHovered(true)}
      onPointerLeave={(e) => e.pointerType === 'mouse' && setHovered(false)}
      onPointerDown={(e) => e.pointerType !== 'mouse' && setChoice('pause')}
      onFocus={() => setFocused(true)}
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget as Node | null) && setFocused(false)}
    >
      <div
        ref={track}
        className={styles.track}
        onScroll={onScroll}
        // While it turns by itself, a screen reader is not interrupted by each new banner.
        aria-live={rotating ? 'off' : 'polite'}
      >
        {items.map((item, i) => {
          const link = inAppLink(item.link);
          const tone = TONES.has(item.tone) ? item.tone : 'brand';
          const body = (
            <>
              <h3 className={styles.title}>{item.title}</h3>
              {item.summary && <p className={styles.summary}>{item.summary}</p>}
            </>
          );
          return (
            <div
              key={item.id}
              className={cx(styles.slide, styles[tone])}
              role="group"
              aria-roledescription="slide"
              aria-label={t('homeBanner.slide', { n: i + 1, total: count })}
              // Banners out of view are out of the tab order and the accessibility tree.
              inert={i !== index}
            >
              {link ? (
                <a className={styles.slideLink} href={link}>
                  {body}
                </a>
              ) : (
                <div className={styles.slideLink}>{body}</div>
              )}
            </div>
          );
        })}
      </div>
      {count > 1 && (
        <div className={styles.controls}>
          <button
            type="button"
            className={styles.control}
            onClick={() => setChoice(playing ? 'pause' : 'play')}
            aria-label={playing ? t('homeBanner.pause') : t('homeBanner.play')}
            data-testid="banner-play"
          >
            {playing ? <PauseIcon /> : <PlayIcon />}
          </button>
          <div className={styles.dots}>
            {items.map((item, i) => (
              <button
                key={item.id}
                type="button"
                className={styles.dot}
                aria-label={t('homeBanner.goTo', { n: i + 1 })}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => go(i)}
              >
                <span className={styles.dotMark} />
              </button>
            ))}
          </div>
          <button
            type="button"
            className={styles.control}
            onClick={() => go(index - 1)}
            aria-label={t('homeBanner.previous')}
          >
            <BackIcon size={18} aria-hidden="true" />
          </button>
          <button
            type="button"
            className={styles.control}
            onClick={() => go(index + 1)}
            aria-label={t('homeBanner.next')}
          >
            <ChevronIcon size={18} aria-hidden="true" />
          </button>
        </div>
      )}
    </section>
  );
});
