import styles from './countdown.module.css';

/** Shows a number of seconds with tabular figures so the digits do not jump while counting. */
export function Countdown({ text }: { text: string }) {
  return <span className={styles.countdown}>{text}</span>;
}
