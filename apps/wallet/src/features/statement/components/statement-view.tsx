import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { selectToken, useAppSelector } from '@app/api-client';
import { STATEMENT_TYPES, type StatementItem, type StatementType } from '@app/contracts';
import { useFormatters } from '@app/i18n/client';
import { Button, OrderIcon, useToast } from '@app/ui';
import { NS } from '../../../i18n-namespace.ts';
import { apiErrorText, getBlob, PagedList, saveFile } from '@app/app-kit';
import styles from '../../../lib/wallet.module.css';
import { csvPath, useGetStatementPagesInfiniteQuery, type StatementFilter } from '../api/statement-api.ts';
import { readerTimeZone, statementSpan } from '../lib/statement-span.ts';

const REF_HREF: Record<string, (id: number) => string> = {
  deposit: (id) => `#/pages/user/rechargerecord?id=${id}`,
  withdrawal: (id) => `#/pages/user/cashrecord?id=${id}`,
  order: () => '#/pages/user/order',
};

/** The statement: every movement on the user's accounts, filtered by type and date, paged, exportable as CSV. */
export function StatementView() {
  const { t } = useTranslation(NS);
  const f = useFormatters();
  const toast = useToast();
  const ids = { from: useId(), to: useId() };
  const token = useAppSelector(selectToken);
  const [type, setType] = useState<StatementType | undefined>(undefined);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [exporting, setExporting] = useState(false);
  const filter: StatementFilter = { type, ...statementSpan(from, to, readerTimeZone()) };
  const query = useGetStatementPagesInfiniteQuery(filter, { refetchOnMountOrArgChange: true });

  const download = async () => {
    setExporting(true);
    try {
      saveFile(await getBlob(csvPath(filter), token), 'statement.csv');
    } catch (e) {
      toast.error(apiErrorText(e, t));
    } finally {
      setExporting(false);
    }
  };
  const amountText = (i: StatementItem) => {
    const sign = i.amount.startsWith('-') ? '−' : '+';
    const abs = i.amount.replace(/^-/, '');
    return i.asset === 'USD' ? `${sign}${f.money(abs)}` : `${sign}${f.number(abs, 8)} ${i.asset}`;
  };
  const balanceText = (i: StatementItem) =>
    i.asset === 'USD' ? f.money(i.balance_after) : `${f.number(i.balance_after, 8)} ${i.asset}`;

  return (
    <>
      <div className={styles.form}>
        <fieldset className={styles.chips}>
          <legend className={styles.label}>{t('finance.type')}</legend>
          <button
            type="button"
            className={styles.chip}
            aria-pressed={type === undefined}
            onClick={() => setType(undefined)}
          >
            {t('finance.all')}
          </button>
          {STATEMENT_TYPES.map((k) => (
            <button key={k} type="button" className={styles.chip} aria-pressed={type === k} onClick={() => setType(k)}>
              {t(`finance.types.${k}`)}
            </button>
          ))}
        </fieldset>
        <div className={styles.actions} style={{ padding: 0 }}>
          <div>
            <label className={styles.label} htmlFor={ids.from}>
              {t('finance.from')}
            </label>
            <input
              id={ids.from}
              type="date"
              className={styles.select}
              value={from}
              onChange={(e) => setFrom(e.target.value)}
            />
          </div>
          <div>
            <label className={styles.label} htmlFor={ids.to}>
              {t('finance.to')}
            </label>
            <input
              id={ids.to}
              type="date"
              className={styles.select}
              value={to}
              onChange={(e) => setTo(e.target.value)}
            />
          </div>
        </div>
        <Button variant="outline" loading={exporting} onClick={() => void download()} data-testid="csv-export">
          {t('finance.csv')}
        </Button>
      </div>
      <PagedList
        query={query}
        onRefresh={false}
        empty={{ icon: <OrderIcon />, title: t('finance.empty'), compact: true }}
        renderItem={(i: StatementItem) => {
          const href = i.ref_id !== null ? REF_HREF[i.ref_type]?.(i.ref_id) : undefined;
          const body = (
            <>
              <span className={styles.itemMain}>
                <span className={styles.strong}>
                  {t(`finance.kinds.${i.kind}`, { defaultValue: t(`finance.types.${i.type}`) })}
                </span>
                <span className={styles.small}>
                  {f.dateTime(i.created_at)} · {t(`finance.buckets.${i.bucket}`, { defaultValue: i.bucket })}
                </span>
                <span className={styles.small}>
                  {i.ref_id !== null
                    ? `${t(`finance.refs.${i.ref_type}`, { defaultValue: i.ref_type })} #${i.ref_id}`
                    : i.reference}
                </span>
              </span>
              <span className={styles.itemSide}>
                <span className={`${styles.strong} ${i.amount.startsWith('-') ? styles.down : styles.up}`}>
                  {amountText(i)}
                </span>
                <span className={styles.small}>{t('finance.balanceAfter', { amount: balanceText(i) })}</span>
              </span>
            </>
          );
          return href ? (
            <a className={styles.item} href={href} data-testid="statement-row">
              {body}
            </a>
          ) : (
            <div className={styles.item} data-testid="statement-row">
              {body}
            </div>
          );
        }}
      />
    </>
  );
}
