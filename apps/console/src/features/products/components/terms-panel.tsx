import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminContractTerms } from '@app/contracts';
import page from '../../../components/page.module.css';
import { QueryTable } from '../../../components/query-table.tsx';
import { ReasonDialog } from '../../../components/reason-dialog.tsx';
import ui from '../../../components/ui.module.css';
import { AddBar } from './add-bar.tsx';
import { useSetTermsMutation, useTermsQuery, type TermsInput } from '../api/products-api.ts';
import { HeldChangesPanel } from '../../../components/held-changes-panel.tsx';

const blank: TermsInput = {
  seconds: 60,
  payout_pct: '85.00',
  loss_pct: '100.00',
  fee_pct: '0.50',
  min_amount: '10.00',
  max_amount: '10000.00',
  max_open_amount: '50000.00',
  enabled: true,
};
const fromTerms = (x: AdminContractTerms): TermsInput => ({
  seconds: x.seconds,
  payout_pct: x.payout_pct,
  loss_pct: x.loss_pct,
  fee_pct: x.fee_pct,
  min_amount: x.min_amount,
  max_amount: x.max_amount,
  max_open_amount: x.max_open_amount,
  enabled: x.enabled,
});

/**
 * A product's contract terms per settlement period: listed, changed or added one period at a time. Terms that
 * weaken the house's wait for a second operator, shown above the list until decided.
 */
export function TermsPanel({ symbol, onDone }: { symbol: string; onDone: (message: string) => void }) {
  const { t } = useTranslation();
  const terms = useTermsQuery(symbol);
  const [setTerms] = useSetTermsMutation();
  const [editing, setEditing] = useState<TermsInput | null>(null);
  const items = terms.data?.items ?? [];
  const text = (key: keyof TermsInput) => (
    <div className={ui.field}>
      <label className={ui.label} htmlFor={`terms-${key}`}>
        {t(`products.terms.${key}`)}
      </label>
      <input
        id={`terms-${key}`}
        className={ui.input}
        inputMode="decimal"
        value={String(editing![key])}
        onChange={(e) =>
          setEditing({ ...editing!, [key]: key === 'seconds' ? Number(e.target.value) || 0 : e.target.value })
        }
      />
    </div>
  );

  return (
    <div className={ui.panel}>
      <HeldChangesPanel
        targets={`product:${symbol}:`}
        fieldLabel={(field) => t(`products.terms.${field}`)}
        onDecided={() => void terms.refetch()}
      />
      <div className={ui.panelBody}>
        <AddBar
          heading={<h3 className={ui.label}>{t('products.terms.title')}</h3>}
          add={t('products.terms.add')}
          onAdd={() => setEditing(blank)}
        />
        <QueryTable query={terms} items={items} empty={t('products.terms.empty')}>
          <thead>
            <tr>
              <th className={ui.num}>{t('products.terms.seconds')}</th>
              <th className={ui.num}>{t('products.terms.payout_pct')}</th>
              <th className={ui.num}>{t('products.terms.fee_pct')}</th>
              <th className={ui.num}>{t('products.terms.stakes')}</th>
              <th>{t('common.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((x) => (
              <tr key={x.seconds}>
                <td className={ui.num}>{x.seconds}s</td>
                <td className={ui.num}>{x.payout_pct} %</td>
                <td className={ui.num}>{x.fee_pct} %</td>
                <td className={ui.num}>
                  {x.min_amount} – {x.max_amount}
                </td>
                <td>
                  {!x.enabled && <span className={`${ui.badge} ${ui.badgeWarn}`}>{t('products.terms.off')}</span>}{' '}
                  <button type="button" className={`${ui.button} ${ui.small}`} onClick={() => setEditing(fromTerms(x))}>
                    {t('products.terms.edit')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </QueryTable>
      </div>
      {editing && (
        <ReasonDialog
          title={t('products.terms.confirm', { symbol, seconds: editing.seconds })}
          confirmLabel={t('products.save')}
          onClose={() => setEditing(null)}
          onConfirm={async (reason) => {
            const { held } = await setTerms({ symbol, reason, ...editing }).unwrap();
            void terms.refetch();
            onDone(held ? t('heldChanges.proposed') : t('products.terms.saved', { symbol, seconds: editing.seconds }));
          }}
        >
          <div className={page.formRow}>
            {text('seconds')}
            {text('payout_pct')}
            {text('loss_pct')}
            {text('fee_pct')}
          </div>
          <div className={page.formRow}>
            {text('min_amount')}
            {text('max_amount')}
            {text('max_open_amount')}
          </div>
          <label className={ui.checkRow}>
            <input
              type="checkbox"
              checked={editing.enabled}
              onChange={(e) => setEditing({ ...editing, enabled: e.target.checked })}
            />
            {t('products.terms.enabled')}
          </label>
        </ReasonDialog>
      )}
    </div>
  );
}
