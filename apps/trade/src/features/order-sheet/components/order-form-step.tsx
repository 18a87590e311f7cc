import { useTranslation } from 'react-i18next';
import type { ContractTerms, Direction } from '@app/contracts';
import { useFormatters } from '@app/i18n/client';
import { Field, cx } from '@app/ui';
import { NS } from '../../../i18n-namespace.ts';
import { formatMinor, presetText, type AmountCheck } from '../lib/order-form.ts';
import { PeriodChips } from './period-chips.tsx';
import styles from './order-sheet.module.css';

export type OrderFormStepProps = {
  terms: ContractTerms[];
  term: ContractTerms;
  direction: Direction;
  onDirection: (direction: Direction) => void;
  onPeriod: (seconds: number) => void;
  amount: string;
  onAmount: (text: string) => void;
  onAmountBlur: () => void;
  check: AmountCheck;
  /** The text under the amount field: a problem (after blur or submit) or a refusal of the server. */
  amountError: string | null;
  available: string | null;
  priceText: string;
};

/** Step one: direction, period, amount, and what it costs and pays, before anything is sent. */
export function OrderFormStep(props: OrderFormStepProps) {
  const { t } = useTranslation(NS);
  const f = useFormatters();
  const { term, check } = props;
  // No figures for an amount no order can have: above the maximum the rows show a dash, not payouts.
  const quote = check.problem?.key === 'amountMax' ? null : check.quote;
  return (
    <>
      <div className={cx(styles.section, styles.directions)} role="radiogroup" aria-label={t('sheet.direction')}>
        {(['up', 'down'] as const).map((d) => (
          <button
            key={d}
            type="button"
            role="radio"
            aria-checked={props.direction === d}
            className={cx(styles.direction, d === 'up' ? styles.up : styles.down)}
            onClick={() => props.onDirection(d)}
          >
            <span aria-hidden="true">{d === 'up' ? '▲' : '▼'}</span>
            {t(d === 'up' ? 'sheet.buyUp' : 'sheet.buyDown')}
          </button>
        ))}
      </div>
      <p className={styles.priceLine}>
        <span>{t('sheet.currentPrice')}</span>
        <span>{props.priceText}</span>
      </p>
      <PeriodChips terms={props.terms} value={term.seconds} onChange={props.onPeriod} />
      <Field
        label={t('sheet.amount')}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        placeholder={t('sheet.amountPlaceholder', { min: f.number(term.min_amount, 2) })}
        value={props.amount}
        onChange={(e) => props.onAmount(e.target.value)}
        onBlur={props.onAmountBlur}
        error={props.amountError}
        hint={t('sheet.limits', { min: f.money(term.min_amount), max: f.money(term.max_amount) })}
        suffix={<span className={styles.unit}>U</span>}
      />
      <div className={cx(styles.section, styles.presets)} role="group" aria-label={t('sheet.presets')}>
        {term.presets.map((preset) => (
          <button
            key={preset}
            type="button"
            className={styles.preset}
            aria-pressed={props.amount.trim() === presetText(preset)}
            onClick={() => props.onAmount(presetText(preset))}
          >
            {f.number(preset, 0)}
          </button>
        ))}
      </div>
      <dl className={styles.rows}>
        <div className={styles.row}>
          <dt>{t('sheet.available')}</dt>
          <dd>{props.available === null ? '—' : f.money(props.available)}</dd>
        </div>
        <div className={styles.row}>
          <dt>{t('sheet.fee', { pct: f.number(term.fee_pct, 2) })}</dt>
          <dd>{quote ? f.money(formatMinor(quote.fee)) : '—'}</dd>
        </div>
        <div className={styles.row}>
          <dt>{t('sheet.debit')}</dt>
          <dd>{quote ? f.money(formatMinor(quote.debit)) : '—'}</dd>
        </div>
        <div className={styles.row}>
          <dt>{t('sheet.profitIfRight', { pct: f.number(term.payout_pct, 2) })}</dt>
          <dd className={styles.up}>{quote ? `+${f.money(formatMinor(quote.expectedProfit))}` : '—'}</dd>
        </div>
        <div className={styles.row}>
          <dt>{t('sheet.lossIfWrong')}</dt>
          <dd className={styles.down}>{quote ? `−${f.money(formatMinor(quote.expectedLoss))}` : '—'}</dd>
        </div>
      </dl>
      <p className={styles.explain}>{t('sheet.explain', { count: term.seconds })}</p>
      <a className={styles.limitsLink} href="#/pages/user/limits">
        <span className={styles.infoMark} aria-hidden="true">
          i
        </span>
        {t('sheet.selfLimits')}
      </a>
    </>
  );
}
