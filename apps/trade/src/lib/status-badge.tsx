import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DisplayStatus } from './display-status.ts';
import { Badge } from '@app/ui';
import { NS } from '../i18n-namespace.ts';
import styles from './market.module.css';

const TONE = {
  trading: 'primary',
  starting: 'neutral',
  delayed: 'warning',
  closed: 'neutral',
  non_trading: 'neutral',
  forbidden: 'warning',
} as const;

/**
 * The market status in words (trading, prices starting, price delayed, closed, non-trading time, suspended).
 * Memoised: it sits beside live prices, whose every tick re-renders what holds them.
 */
export const StatusBadge = memo(function StatusBadge({ status }: { status: DisplayStatus }) {
  const { t } = useTranslation(NS);
  return (
    <Badge tone={TONE[status]}>
      {status === 'trading' && <span className={styles.dot} aria-hidden="true" />}
      {t(`status.${status}`)}
    </Badge>
  );
});
