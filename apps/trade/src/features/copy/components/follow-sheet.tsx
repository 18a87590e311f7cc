import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContractTerms, LeaderTerms, Subscription } from '@app/contracts';
import { useFormatters } from '@app/i18n/client';
import { Button, Dialog, Field } from '@app/ui';
import { BottomSheet, apiErrorText } from '@app/app-kit';
import { LinkButton } from '@app/ui/link-button';
import { NS } from '../../../i18n-namespace.ts';
import { usePeriodLabel } from '../../../lib/period.ts';
import { useGoOrderMutation } from '../api/copy-api.ts';
import {
  copyCost,
  followProblems,
  goOrderBody,
  toggled,
  type FollowField,
  type FollowForm,
  type FollowProblems,
} from '../lib/follow-form.ts';
import styles from './copy.module.css';

export type FollowSheetProps = {
  open: boolean;
  onClose: () => void;
  leader: { leader_id: number; display_name: string };
  terms: LeaderTerms;
  /** The subscription the user already has with this leader: the sheet then changes its settings. */
  current: Subscription | null;
  /** Products that can be copied, and the contract terms (periods, fees) of one of them, named. */
  symbols: string[];
  contractTerms: ContractTerms[];
  termsSymbol: string;
};

const initialForm = (current: Subscription | null): FollowForm => ({
  stakeMode: 'fixed',
  amount: current?.amount ?? '10',
  maxAmount: current?.max_amount ?? '100',
  dailyLoss: current?.daily_loss ?? '100',
  symbols: current?.symbols ?? [],
  periods: current?.periods ?? [],
});

/**
 * Follow a leader (or change how): a fixed stake per copy, a per-order cap, a daily loss stop and which
 * products and periods to copy. The terms (what a copy costs with its fee, that open orders are not copied,
 * the leader's share) are stated on a step of their own before anything is sent; the outcome is a dialog.
 */
export function FollowSheet({
  open,
  onClose,
  leader,
  terms,
  current,
  symbols,
  contractTerms,
  termsSymbol,
}: FollowSheetProps) {
  const { t } = useTranslation(NS);
  const [form, setForm] = useState(() => initialForm(current));
  const [step, setStep] = useState<'form' | 'terms'>('form');
  const [shown, setShown] = useState<FollowProblems>({});
  const [failure, setFailure] = useState<string | null>(null);
  // What the outcome dialog says: fixed when sent, since `current` changes once the subscription is refetched.
  const [done, setDone] = useState<'followed' | 'updated' | null>(null);
  const [goOrder, state] = useGoOrderMutation();
  const problems = followProblems(form);
  const periods = [...new Set(contractTerms.map((c) => c.seconds))].sort((a, b) => a - b);

  const set = (patch: Partial<FollowForm>) => setForm((f) => ({ ...f, ...patch }));
  const blur = (field: FollowField) => setShown((s) => ({ ...s, [field]: problems[field] }));
  const next = (e: React.FormEvent) => {
    e.preventDefault();
    setShown(problems);
    if (Object.keys(problems).length === 0) setStep('terms');
  };
  const confirm = async () => {
    setFailure(null);
    try {
      await goOrder(goOrderBody(leader.leader_id, form)).unwrap();
      setDone(current ? 'updated' : 'followed');
    } catch (error) {
      setFailure(apiErrorText(error, t));
    }
  };
  const close = () => {
    setStep('form');
    setFailure(null);
    onClose();
  };
  const errorText = (field: FollowField) => (shown[field] ? t(`copy.form.errors.${shown[field]}`) : null);

  return (
    <>
      <BottomSheet
        open={open && !done}
        onClose={close}
        onBack={step === 'terms' ? () => setStep('form') : undefined}
        title={t(current ? 'copy.follow.editTitle' : 'copy.follow.title', { name: leader.display_name })}
        testId="follow-sheet"
      >
        {step === 'form' ? (
          <form className={styles.form} onSubmit={next} noValidate>
            <Field
              label={t('copy.form.amount')}
              name="amount"
              inputMode="decimal"
              value={form.amount}
              onChange={(e) => set({ amount: e.target.value })}
              onBlur={() => blur('amount')}
              error={errorText('amount')}
              hint={t('copy.form.amountHint')}
              suffix="U"
            />
            <Field
              label={t('copy.form.maxAmount')}
              name="max_amount"
              inputMode="decimal"
              value={form.maxAmount}
              onChange={(e) => set({ maxAmount: e.target.value })}
              onBlur={() => blur('maxAmount')}
              error={errorText('maxAmount')}
              hint={t('copy.form.maxAmountHint')}
              suffix="U"
            />
            <Field
              label={t('copy.form.dailyLoss')}
              name="daily_loss"
              inputMode="decimal"
              value={form.dailyLoss}
              onChange={(e) => set({ dailyLoss: e.target.value })}
              onBlur={() => blur('dailyLoss')}
              error={errorText('dailyLoss')}
              hint={t('copy.form.dailyLossHint')}
              suffix="U"
            />
            <ChoiceGroup
              legend={t('copy.form.products')}
              all={t('copy.form.allProducts')}
              items={symbols.map((s) => ({ key: s, label: s }))}
              chosen={form.symbols}
              onToggle={(s) => set({ symbols: s === null ? [] : toggled(form.symbols, s) })}
            />
            <PeriodChoice periods={periods} chosen={form.periods} onChange={(p) => set({ periods: p })} />
            <Button type="submit" block>
              {t('copy.follow.next')}
            </Button>
          </form>
        ) : (
          <FollowTerms form={form} terms={terms} contractTerms={contractTerms} termsSymbol={termsSymbol}>
            {failure && (
              <p className={styles.reason} role="alert">
                {failure}
              </p>
            )}
            <Button block loading={state.isLoading} onClick={() => void confirm()} data-testid="follow-confirm">
              {t(current ? 'copy.follow.confirmEdit' : 'copy.follow.confirm')}
            </Button>
          </FollowTerms>
        )}
      </BottomSheet>
      <Dialog
        open={done !== null}
        title={t(done === 'updated' ? 'copy.follow.updated' : 'copy.follow.done', { name: leader.display_name })}
        onClose={() => {
          setDone(null);
          close();
        }}
        actions={
          <>
            <LinkButton href="#/pages/copy/following" variant="outline">
              {t('copy.mySubscriptions')}
            </LinkButton>
            <Button
              onClick={() => {
                setDone(null);
                close();
              }}
            >
              {t('copy.follow.ok')}
            </Button>
          </>
        }
      >
        <p className={styles.text}>{t('copy.follow.doneBody')}</p>
      </Dialog>
    </>
  );
}

function ChoiceGroup({
  legend,
  all,
  items,
  chosen,
  onToggle,
}: {
  legend: string;
  all: string;
  items: Array<{ key: string; label: string }>;
  chosen: string[];
  onToggle: (key: string | null) => void;
}) {
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={styles.chips}>
        <button type="button" className={styles.chip} aria-pressed={chosen.length === 0} onClick={() => onToggle(null)}>
          {all}
        </button>
        {items.map((item) => (
          <button
            key={item.key}
            type="button"
            className={styles.chip}
            aria-pressed={chosen.includes(item.key)}
            onClick={() => onToggle(item.key)}
          >
            {item.label}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

function PeriodChoice({
  periods,
  chosen,
  onChange,
}: {
  periods: number[];
  chosen: number[];
  onChange: (periods: number[]) => void;
}) {
  const { t } = useTranslation(NS);
  const label = usePeriodLabel();
  return (
    <ChoiceGroup
      legend={t('copy.form.periods')}
      all={t('copy.form.allPeriods')}
      items={periods.map((p) => ({ key: String(p), label: label(p) }))}
      chosen={chosen.map(String)}
      onToggle={(key) => onChange(key === null ? [] : toggled(chosen, Number(key)))}
    />
  );
}

/** The terms of following, all of them, before the follower confirms. */
function FollowTerms({
  form,
  terms,
  contractTerms,
  termsSymbol,
  children,
}: {
  form: FollowForm;
  terms: LeaderTerms;
  contractTerms: ContractTerms[];
  termsSymbol: string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation(NS);
  const f = useFormatters();
  const label = usePeriodLabel();
  const cost = copyCost(form, contractTerms);
  const noShare = Number(terms.leader_share_pct) === 0;
  return (
    <div className={styles.form} data-testid="follow-terms">
      <ul className={styles.terms}>
        {cost && (
          <li data-testid="copy-cost">
            {t('copy.terms.cost', {
              symbol: termsSymbol,
              stake: f.money(cost.stake),
              fee: f.money(cost.fee),
              feePct: f.number(cost.feePct, 2),
              total: f.money(cost.total),
            })}
          </li>
        )}
        <li>{t('copy.terms.ownOrder')}</li>
        <li>{t('copy.terms.openNotCopied')}</li>
        <li>{noShare ? t('copy.terms.noLeaderFee') : t('copy.terms.leaderShare', { pct: terms.leader_share_pct })}</li>
        <li>{t('copy.terms.cap', { cap: f.money(form.maxAmount) })}</li>
        <li>{t('copy.terms.dailyLoss', { loss: f.money(form.dailyLoss) })}</li>
        <li>
          {t('copy.terms.products', {
            list: form.symbols.length ? form.symbols.join(', ') : t('copy.form.allProducts'),
          })}
          {' · '}
          {t('copy.terms.periods', {
            list: form.periods.length
              ? [...form.periods]
                  .sort((a, b) => a - b)
                  .map(label)
                  .join(', ')
              : t('copy.form.allPeriods'),
          })}
        </li>
        <li>{t('copy.terms.skipped')}</li>
        <li>{t('copy.terms.stop')}</li>
      </ul>
      <p className={styles.text}>{t('copy.risk')}</p>
      {children}
    </div>
  );
}
