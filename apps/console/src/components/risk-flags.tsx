import { useTranslation } from 'react-i18next';
import type { RiskFlag } from '@app/contracts';
import ui from './ui.module.css';
import { formatDateTime, formatSeconds } from '../lib/format.ts';
import { useLanguage, usePermission } from '../lib/hooks.ts';
import { useRiskFlagsQuery } from '../lib/risk-api.ts';

/** A flag's reason in the console's words, with what the rule saw (its spans in days, hours or minutes). */
export function useFlagText() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const span = (seconds: unknown) => (typeof seconds === 'number' ? formatSeconds(seconds, lang) : '');
  return (flag: RiskFlag) =>
    t(`risk.reason.${flag.rule}`, {
      ...flag.details,
      window: span(flag.details.window_seconds),
      age: span(flag.details.method_age_seconds),
    });
}

/**
 * The risk flags of a user, those of one item first (a deposit or withdrawal opened in its queue): shown to the
 * reviewer before they decide. Shows nothing when there are none or the operator may not read users.
 */
export function RiskFlags({ userId, item }: { userId: number; item?: { kind: RiskFlag['item_kind']; id: number } }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const may = usePermission('users.read');
  const list = useRiskFlagsQuery({ user_id: userId }, { skip: !may });
  const text = useFlagText();
  const flags = list.data?.items ?? [];
  if (flags.length === 0) return null;
  const onItem = (f: RiskFlag) => item !== undefined && f.item_kind === item.kind && f.item_id === item.id;
  const sorted = [...flags].sort((a, b) => Number(onItem(b)) - Number(onItem(a)));
  return (
    <div className={ui.alert} role="status" data-testid="risk-flags">
      <strong>{t('risk.flagsTitle', { count: flags.length })}</strong>
      <ul>
        {sorted.map((f) => (
          <li key={f.id} data-testid={`risk-flag-${f.rule}`}>
            {onItem(f) && <span className={`${ui.badge} ${ui.badgeDanger}`}>{t('risk.thisItem')}</span>} {text(f)}{' '}
            <span className={ui.hint}>
              ({t(`risk.item.${f.item_kind}`)} #{f.item_id}, {formatDateTime(f.created_at, lang, 'short')})
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The flags of the rows a queue shows, asked for in one request per page: `flagsOf(id)` is a row's flags (none
 * while they load, or when the operator may not read users).
 */
export function useRowFlags(kind: RiskFlag['item_kind'], ids: readonly number[]) {
  const may = usePermission('users.read');
  const list = useRiskFlagsQuery(
    { item_kind: kind, item_ids: ids.join(',') },
    { skip: !may || ids.length === 0 || ids.length > 100 },
  );
  const byItem = new Map<number, RiskFlag[]>();
  for (const f of list.data?.items ?? []) byItem.set(f.item_id, [...(byItem.get(f.item_id) ?? []), f]);
  return (id: number) => byItem.get(id) ?? [];
}

/** A queue row's flags: how many, each reason in full on hover and for a screen reader. */
export function RowFlags({ flags }: { flags: RiskFlag[] }) {
  const { t } = useTranslation();
  const text = useFlagText();
  if (flags.length === 0) return null;
  const reasons = flags.map(text).join('\n');
  return (
    <span
      className={`${ui.badge} ${ui.badgeDanger}`}
      title={reasons}
      aria-label={`${t('risk.flagsTitle', { count: flags.length })}: ${reasons}`}
      data-testid="row-risk-flags"
    >
      {t('risk.rowBadge', { count: flags.length })}
    </span>
  );
}
