import { useId, useRef, type KeyboardEvent } from 'react';
import { cx } from '../lib/cx.ts';
import styles from './tabs.module.css';

export type TabItem = { key: string; label: string };

export type TabsProps = {
  items: TabItem[];
  value: string;
  onChange: (key: string) => void;
  label: string;
  /** Tabs share the width equally (few tabs); otherwise the strip scrolls sideways. */
  stretch?: boolean;
  /** id prefix for aria-controls; the panel uses `${idPrefix}-panel`. */
  idPrefix?: string;
};

/** A tab strip with arrow-key navigation (WAI-ARIA tabs pattern). */
export function Tabs({ items, value, onChange, label, stretch, idPrefix }: TabsProps) {
  const autoId = useId();
  const prefix = idPrefix ?? autoId;
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const delta = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!delta) return;
    const next = (index + delta + items.length) % items.length;
    const item = items[next];
    if (!item) return;
    onChange(item.key);
    refs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className={cx(styles.list, stretch && styles.stretch)}>
      {items.map((item, index) => {
        const selected = item.key === value;
        return (
          <button
            key={item.key}
            ref={(node) => {
              refs.current[index] = node;
            }}
            type="button"
            role="tab"
            id={`${prefix}-tab-${item.key}`}
            aria-selected={selected}
            aria-controls={`${prefix}-panel`}
            tabIndex={selected ? 0 : -1}
            className={styles.tab}
            onClick={() => onChange(item.key)}
            onKeyDown={(e) => onKeyDown(e, index)}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}
