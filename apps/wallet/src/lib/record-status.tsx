import { useTranslation } from 'react-i18next';
import { Badge } from '@app/ui';
import { NS } from '../i18n-namespace.ts';

const TONE = { 1: 'up', 2: 'down', 3: 'warning', 4: 'primary' } as const;

/** A recharge or withdrawal status in words (1 success, 2 failed, 3 under review, 4 success awaiting audit). */
export function RecordStatus({ status }: { status: 1 | 2 | 3 | 4 }) {
  const { t } = useTranslation(NS);
  return <Badge tone={TONE[status]}>{t(`status.s${status}`)}</Badge>;
}
