import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from './page-header.tsx';
import page from './page.module.css';
import { QueryTable } from './query-table.tsx';
import { ReasonDialog } from './reason-dialog.tsx';
import ui from './ui.module.css';

export type ManagedColumn<T> = { key: string; header: string; cell: (item: T) => ReactNode };
export type ManagedAct = {
  title: string;
  confirmLabel: string;
  tone: 'primary' | 'danger';
  explain: string;
  confirm: (reason: string) => Promise<unknown>;
};

/**
 * The shape of the team and token pages: a create form above a list whose rows carry acts (revoke, disable,
 * reset), each confirmed with a reason in the same dialog. `actions` draws a row's buttons and names the act a
 * button asks for; `act` says what that act is (its dialog and its call).
 */
export function ManagedList<T extends { id: number }, A>({
  title,
  subtitle,
  form,
  listLabel,
  list,
  items,
  empty,
  columns,
  rowTestId,
  actions,
  act,
  after,
}: {
  title: string;
  subtitle: string;
  form: ReactNode;
  listLabel: string;
  list: { isLoading: boolean; error?: unknown; refetch: () => unknown };
  items: T[];
  empty: string;
  columns: ManagedColumn<T>[];
  rowTestId: (item: T) => string;
  actions: (item: T, ask: (act: A) => void) => ReactNode;
  act: (item: T, act: A) => ManagedAct;
  /** What the page shows below the list (the operators page: the console sessions). */
  after?: ReactNode;
}) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState<{ item: T; act: A } | null>(null);
  const dialog = asking ? act(asking.item, asking.act) : null;
  return (
    <div>
      <PageHeader title={title} subtitle={subtitle} />
      <div className={page.stack}>
        {form}
        <section className={ui.panel} aria-label={listLabel}>
          <QueryTable query={list} items={items} empty={empty}>
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c.key}>{c.header}</th>
                ))}
                <th aria-label={t('common.actions')} />
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.id} data-testid={rowTestId(item)}>
                  {columns.map((c) => (
                    <td key={c.key}>{c.cell(item)}</td>
                  ))}
                  <td className={ui.num}>{actions(item, (next) => setAsking({ item, act: next }))}</td>
                </tr>
              ))}
            </tbody>
          </QueryTable>
        </section>
        {after}
      </div>
      {dialog && (
        <ReasonDialog
          title={dialog.title}
          confirmLabel={dialog.confirmLabel}
          tone={dialog.tone}
          onClose={() => setAsking(null)}
          onConfirm={dialog.confirm}
        >
          <p>{dialog.explain}</p>
        </ReasonDialog>
      )}
    </div>
  );
}
