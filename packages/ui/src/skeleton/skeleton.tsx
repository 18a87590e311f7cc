import styles from './skeleton.module.css';

/** Placeholder lines for content that is on its way; `label` is what screen readers hear meanwhile. */
export function Skeleton({ lines = 3, label }: { lines?: number; label: string }) {
  return (
    <div className={styles.skeleton} role="status" aria-label={label} aria-busy="true">
      {Array.from({ length: lines }, (_, i) => (
        <div key={i} className={styles.line} />
      ))}
    </div>
  );
}
