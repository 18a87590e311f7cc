import { useTranslation } from 'react-i18next';
import type { TimelineStep } from '@app/contracts';
import page from './page.module.css';
import ui from './ui.module.css';
import { formatDateTime } from '../lib/format.ts';
import { useLanguage } from '../lib/hooks.ts';

/**
 * Four-eyes on a deposit or withdrawal under review: the reviewer who gave the first approval waits for a second
 * operator (unless the answer they just had says so already); any other reviewer is told whose approval theirs
 * would complete. `firstApprovedBy` is null when no approval is pending.
 */
export function FourEyesNotice({
  firstApprovedBy,
  me,
  justHeld,
}: {
  firstApprovedBy: string | null;
  me: string;
  justHeld: boolean;
}) {
  const { t } = useTranslation();
  if (!firstApprovedBy) return null;
  if (firstApprovedBy === me)
    return justHeld ? null : (
      <div className={ui.notice} role="status">
        {t('deposits.waitingForSecond')}
      </div>
    );
  return <div className={ui.notice}>{t('deposits.secondApproval', { name: firstApprovedBy })}</div>;
}

/** What happened to a deposit or withdrawal, step by step, with who acted and their note. */
export function MoneyTimeline({ steps }: { steps: TimelineStep[] }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  if (steps.length === 0) return null;
  return (
    <ol className={page.timeline} aria-label={t('deposits.timeline')}>
      {steps.map((step, index) => (
        <li key={index}>
          {formatDateTime(step.at, lang)} · {t(`steps.${step.step}`, { defaultValue: step.step })}
          {step.by ? ` · ${step.by}` : ''}
          {step.note ? ` · ${step.note}` : ''}
        </li>
      ))}
    </ol>
  );
}
