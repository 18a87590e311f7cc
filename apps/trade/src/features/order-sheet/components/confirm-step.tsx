import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContractTerms, Direction, OrderMode, OrderQuote } from '@app/contracts';
import { useFormatters } from '@app/i18n/client';
import { NS } from '../../../i18n-namespace.ts';
import { DirectionLabel } from '../../../lib/direction-label.tsx';
import { usePeriodLabel } from '../../../lib/period.ts';
import { formatMinor } from '../lib/order-form.ts';
import styles from './order-sheet.module.css';

/** Step two: every term restated before the order is sent; nothing here is editable. */
export function ConfirmStep({
  symbol,
  direction,
  term,
  quote,
  priceText,
  mode = 'real',
  error,
}: {
  symbol: string;
  direction: Direction;
  term: ContractTerms;
  quote: OrderQuote;
  priceText: string;
  mode?: OrderMode;
  error: ReactNode;
}) {
  const { t } = useTranslation(NS);
  const f = useFormatters();
  const period = usePeriodLabel();
  const m = (units: bigint) => f.money(formatMinor(units));
  const rows: Array<[string, ReactNode, string?]> = [
    [t('confirm.account'), t(`practice.account.${mode}`), mode === 'practice' ? styles.practice : undefined],
    [t('confirm.product'), symbol],
    [t('confirm.direction'), <DirectionLabel direction={direction} />],
    [t('confirm.period'), period(term.seconds)],
    [t('confirm.amount'), m(quote.stake)],
    [t('confirm.fee', { pct: f.number(term.fee_pct, 2) }), m(quote.fee)],
    [t('confirm.debit'), m(quote.debit)],
    [t('confirm.payoutRate'), `${f.number(term.payout_pct, 2)}%`],
    [t('confirm.returnIfRight'), m(quote.winReturn)],
    [t('confirm.profitIfRight'), `+${m(quote.expectedProfit)}`, styles.up],
    [t('confirm.returnIfWrong'), m(quote.lossReturn)],
    [t('confirm.lossIfWrong'), `−${m(quote.expectedLoss)}`, styles.down],
    [t('confirm.returnIfEqual'), m(quote.stake)],
    [t('confirm.priceNow'), priceText],
  ];
  // Real money only: practice orders are not checked against a second source.
  const reference = mode === 'real' ? term.reference : null;
  const source = reference ? t(`verify.source.${reference.source}`, { defaultValue: reference.source }) : '';
  if (reference)
    rows.push([
      t('confirm.secondSource'),
      t('confirm.secondSourceValue', { source, pct: f.number(reference.tolerance_pct, 2) }),
    ]);
  return (
    <>
      {error}
      <dl className={styles.rows} data-testid="confirm-terms">
        {rows.map(([label, value, tone]) => (
          <div key={label} className={styles.row}>
            <dt>{label}</dt>
            <dd className={tone}>{value}</dd>
          </div>
        ))}
      </dl>
      <p className={styles.explain}>{t('confirm.howSettled', { count: term.seconds })}</p>
      {reference && (
        <p className={styles.explain} data-testid="confirm-second-source">
          {t('confirm.secondSourceRule', {
            source,
            pct: f.number(reference.tolerance_pct, 2),
            age: reference.max_age_seconds,
          })}
        </p>
      )}
    </>
  );
}
