import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import page from './page.module.css';
import ui from './ui.module.css';

export type FilterField =
  | { name: string; label: string; kind: 'text' | 'amount' | 'date'; placeholder?: string }
  | { name: string; label: string; kind: 'select'; options: { value: string; label: string }[] };

export type FilterValues = Record<string, string>;

/** A day picked in the console (the operator's own calendar day) as the unix second it starts at. */
const dayStart = (day: string | undefined) =>
  day ? Math.floor(new Date(`${day}T00:00:00`).getTime() / 1000) : undefined;
/** The end of a picked day (exclusive): the start of the next one. */
const dayEnd = (day: string | undefined) => {
  if (!day) return undefined;
  const next = new Date(`${day}T00:00:00`);
  next.setDate(next.getDate() + 1);
  return Math.floor(next.getTime() / 1000);
};

/** A search's picked days as the time range the server takes. */
export const dayRange = (filters: FilterValues) => ({ from: dayStart(filters.from), to: dayEnd(filters.to) });

/** The filters of useSharedFilters, with the linked item's id and the status, as the money queues' lists take them. */
export const moneyFilters = (filters: FilterValues) => ({
  id: filters.id ? Number(filters.id) : undefined,
  status: filters.status ? Number(filters.status) : undefined,
  user: filters.user,
  min: filters.min,
  max: filters.max,
  ...dayRange(filters),
});

/** The filters the queues share: whose, how much, and which days. */
export function useSharedFilters() {
  const { t } = useTranslation();
  const user: FilterField = {
    name: 'user',
    label: t('filters.user'),
    kind: 'text',
    placeholder: t('filters.userHint'),
  };
  const amounts: FilterField[] = [
    { name: 'min', label: t('filters.min'), kind: 'amount' },
    { name: 'max', label: t('filters.max'), kind: 'amount' },
  ];
  const days: FilterField[] = [
    { name: 'from', label: t('filters.from'), kind: 'date' },
    { name: 'to', label: t('filters.to'), kind: 'date' },
  ];
  return { user, amounts, days };
}

/**
 * A search's filters: edited freely, applied together with the search button (or Enter), cleared at once. The
 * server checks them (a reversed range or an amount it cannot read comes back as its message).
 */
export function FilterBar({
  fields,
  applied,
  onApply,
}: {
  fields: FilterField[];
  applied: FilterValues;
  onApply: (values: FilterValues) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<FilterValues>(applied);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(
      Object.fromEntries(
        Object.entries(draft)
          .map(([k, v]) => [k, v.trim()])
          .filter(([, v]) => v !== ''),
      ),
    );
  };
  return (
    <form className={page.filters} onSubmit={submit} role="search" aria-label={t('filters.label')}>
      {fields.map((field) => (
        <label key={field.name}>
          {field.label}
          {field.kind === 'select' ? (
            <select
              className={ui.input}
              value={draft[field.name] ?? ''}
              onChange={(event) => setDraft({ ...draft, [field.name]: event.target.value })}
            >
              {field.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          ) : (
            <input
              className={ui.input}
              name={field.name}
              type={field.kind === 'date' ? 'date' : 'text'}
              inputMode={field.kind === 'amount' ? 'decimal' : undefined}
              placeholder={field.kind !== 'date' ? field.placeholder : undefined}
              maxLength={64}
              value={draft[field.name] ?? ''}
              onChange={(event) => setDraft({ ...draft, [field.name]: event.target.value })}
            />
          )}
        </label>
      ))}
      <button type="submit" className={`${ui.button} ${ui.primary}`}>
        {t('filters.search')}
      </button>
      <button
        type="button"
        className={ui.button}
        onClick={() => {
          setDraft({});
          onApply({});
        }}
      >
        {t('filters.clear')}
      </button>
    </form>
  );
}
