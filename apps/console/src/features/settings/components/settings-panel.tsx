import { Fragment, useState, type ReactNode } from 'react';
import { QueryState } from '../../../components/query-state.tsx';
import ui from '../../../components/ui.module.css';

/**
 * The panel's "saved" note, as its form is given it: shown, and set when a save goes through or a field changes;
 * `held` when the save was a proposal waiting for a second operator.
 */
export type SavedNote = { saved: boolean | 'held'; onSaved: (saved: boolean | 'held') => void };

/**
 * A settings form on the settings as last read: a new reading (after a save, or another operator's) starts the
 * form again from it. The "saved" note is kept here, outside the form, so that it outlives that fresh start.
 */
export function SettingsPanel<T>({
  labelledBy,
  query,
  children,
}: {
  labelledBy: string;
  query: { data?: T | undefined; isLoading: boolean; error?: unknown; refetch: () => unknown };
  children: (settings: NonNullable<T>, note: SavedNote) => ReactNode;
}) {
  const [saved, setSaved] = useState<boolean | 'held'>(false);
  return (
    <section className={ui.panel} aria-labelledby={labelledBy}>
      <QueryState
        isLoading={query.isLoading}
        error={query.error}
        isEmpty={!query.data}
        empty={null}
        onRetry={() => void query.refetch()}
      >
        {query.data && (
          <Fragment key={JSON.stringify(query.data)}>{children(query.data, { saved, onSaved: setSaved })}</Fragment>
        )}
      </QueryState>
    </section>
  );
}
