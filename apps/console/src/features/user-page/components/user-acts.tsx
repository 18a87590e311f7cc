import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADJUSTMENT_CATEGORIES, LANGUAGES, bcp47Of, type AdminUserProfile, type Language } from '@app/contracts';
import { ReasonDialog } from '../../../components/reason-dialog.tsx';
import { Field } from '../../../components/field.tsx';
import ui from '../../../components/ui.module.css';
import { formatMoney } from '../../../lib/format.ts';
import { useLanguage, usePermission } from '../../../lib/hooks.ts';
import type { ConsoleError } from '../../../lib/api.ts';
import {
  useAdjustMutation,
  useOpenPasswordResetMutation,
  useRevokeSessionsMutation,
  useSendMessageMutation,
  useSetFrozenMutation,
  useSetLockedMutation,
} from '../api/user-page-api.ts';
import styles from './user-page.module.css';

type Act = 'lock' | 'freeze' | 'reset' | 'signOut' | 'message' | 'adjust';

/** A form's own refusal, shown in the dialog as the server's would be. */
const refusal = (msg: string): ConsoleError => ({ code: 400, key: 'please_fill_in', msg, kind: 'refused' });

/** What each act's dialog is given: the account, how to close it, and where to say what it did. */
type ActProps = { user: AdminUserProfile; onClose: () => void; onDone: (text: string) => void };

/**
 * Customer service's acts on the account, each confirmed with a reason in the reason dialog and audited by the
 * server. `onDone` gets a sentence saying what happened.
 */
export function UserActs({ user, onDone }: { user: AdminUserProfile; onDone: (text: string) => void }) {
  const { t } = useTranslation();
  const mayAct = usePermission('users.act');
  const mayAdjust = usePermission('money.adjust');
  const [act, setAct] = useState<Act | null>(null);
  const frozen = isFrozen(user);
  if (!mayAct && !mayAdjust) return null;
  // The user closed it: nothing is done to it any more, and no one reopens it (the server refuses too).
  if (user.closed_at !== null && user.closed_at !== undefined)
    return (
      <p className={styles.acts} data-testid="user-closed-note">
        {t('userPage.closedNote')}
      </p>
    );
  const close = () => setAct(null);
  const button = (which: Act, label: string, danger = false) => (
    <button
      type="button"
      className={`${ui.button} ${ui.small} ${danger ? ui.danger : ''}`}
      onClick={() => setAct(which)}
    >
      {label}
    </button>
  );
  return (
    <div className={styles.acts} role="group" aria-label={t('userPage.acts')}>
      {mayAct && (
        <>
          {button('message', t('userPage.message.open'))}
          {button('reset', t('userPage.reset.open'))}
          {button('signOut', t('userPage.signOut.open'))}
          {button('lock', user.locked ? t('users.unlock') : t('users.lock'), !user.locked)}
          {button('freeze', frozen ? t('users.unfreeze') : t('users.freeze'), !frozen)}
        </>
      )}
      {mayAdjust && button('adjust', t('userPage.adjust.open'))}
      {act === 'lock' && <LockDialog user={user} onClose={close} />}
      {act === 'freeze' && <FreezeDialog user={user} onClose={close} />}
      {act === 'reset' && <ResetDialog user={user} onClose={close} onDone={onDone} />}
      {act === 'signOut' && <SignOutDialog user={user} onClose={close} onDone={onDone} />}
      {act === 'message' && <MessageDialog user={user} onClose={close} onDone={onDone} />}
      {act === 'adjust' && <AdjustDialog user={user} onClose={close} onDone={onDone} />}
    </div>
  );
}

function LockDialog({ user, onClose }: Omit<ActProps, 'onDone'>) {
  const { t } = useTranslation();
  const [setLocked] = useSetLockedMutation();
  return (
    <ReasonDialog
      title={t(user.locked ? 'users.confirmUnlock' : 'users.confirmLock', { account: user.account })}
      confirmLabel={user.locked ? t('users.unlock') : t('users.lock')}
      tone={user.locked ? 'primary' : 'danger'}
      onClose={onClose}
      onConfirm={(reason) => setLocked({ id: user.id, locked: !user.locked, reason }).unwrap()}
    >
      <p>{user.locked ? t('users.unlockExplain') : t('users.lockExplain')}</p>
    </ReasonDialog>
  );
}

/** Frozen (by the user or customer service): withdrawals and payout-method changes are refused. An older server
 * does not send the field: not frozen. */
const isFrozen = (user: AdminUserProfile) => user.frozen_at !== null && user.frozen_at !== undefined;

function FreezeDialog({ user, onClose }: Omit<ActProps, 'onDone'>) {
  const { t } = useTranslation();
  const [setFrozen] = useSetFrozenMutation();
  const frozen = isFrozen(user);
  return (
    <ReasonDialog
      title={t(frozen ? 'users.confirmUnfreeze' : 'users.confirmFreeze', { account: user.account })}
      confirmLabel={frozen ? t('users.unfreeze') : t('users.freeze')}
      tone={frozen ? 'primary' : 'danger'}
      onClose={onClose}
      onConfirm={(reason) => setFrozen({ id: user.id, frozen: !frozen, reason }).unwrap()}
    >
      <p>{frozen ? t('users.unfreezeExplain') : t('users.freezeExplain')}</p>
    </ReasonDialog>
  );
}

function LanguageSelect({ id, value, onChange }: { id: string; value: Language; onChange: (l: Language) => void }) {
  const { t } = useTranslation();
  return (
    <select id={id} className={ui.input} value={value} onChange={(e) => onChange(e.target.value as Language)}>
      {LANGUAGES.map((l) => (
        <option key={l} value={l}>
          {t(`languages.${l}`)} ({l})
        </option>
      ))}
    </select>
  );
}

function ResetDialog({ user, onClose, onDone }: ActProps) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<'login' | 'fund'>('login');
  const [lang, setLang] = useState<Language>(user.lang);
  const [openReset] = useOpenPasswordResetMutation();
  return (
    <ReasonDialog
      title={t('userPage.reset.title', { account: user.account })}
      confirmLabel={t('userPage.reset.confirm')}
      onClose={onClose}
      onConfirm={async (reason) => {
        await openReset({ id: user.id, kind, lang, reason }).unwrap();
        onDone(t('userPage.reset.done', { kind: t(`userPage.reset.${kind}`), phone: user.phone }));
      }}
    >
      <p>{t('userPage.reset.explain')}</p>
      <fieldset className={styles.choices}>
        <legend className={ui.label}>{t('userPage.reset.which')}</legend>
        {(['login', 'fund'] as const).map((k) => (
          <label key={k} className={ui.checkRow}>
            <input type="radio" name="reset-kind" checked={kind === k} onChange={() => setKind(k)} />
            {t(`userPage.reset.${k}`)}
          </label>
        ))}
      </fieldset>
      <Field id="reset-lang" label={t('userPage.reset.smsLanguage')}>
        <LanguageSelect id="reset-lang" value={lang} onChange={setLang} />
      </Field>
    </ReasonDialog>
  );
}

function SignOutDialog({ user, onClose, onDone }: ActProps) {
  const { t } = useTranslation();
  const [revoke] = useRevokeSessionsMutation();
  return (
    <ReasonDialog
      title={t('userPage.signOut.title', { account: user.account })}
      confirmLabel={t('userPage.signOut.confirm')}
      tone="danger"
      onClose={onClose}
      onConfirm={async (reason) => {
        const { revoked } = await revoke({ id: user.id, reason }).unwrap();
        onDone(t('userPage.signOut.done', { count: revoked }));
      }}
    >
      <p>{t('userPage.signOut.explain')}</p>
    </ReasonDialog>
  );
}

function MessageDialog({ user, onClose, onDone }: ActProps) {
  const { t } = useTranslation();
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [send] = useSendMessageMutation();
  const language = t(`languages.${user.lang}`);
  return (
    <ReasonDialog
      title={t('userPage.message.title', { account: user.account })}
      confirmLabel={t('userPage.message.send')}
      onClose={onClose}
      onConfirm={async (reason) => {
        if (!title.trim() || !body.trim()) throw refusal(t('userPage.message.required'));
        await send({ id: user.id, lang: user.lang, title: title.trim(), body: body.trim(), reason }).unwrap();
        onDone(t('userPage.message.done', { account: user.account }));
      }}
    >
      <div className={ui.notice} data-testid="message-language">
        {t('userPage.message.language', { language, code: user.lang })}
      </div>
      <Field id="message-title" label={t('userPage.message.subject', { language })}>
        <input
          id="message-title"
          className={ui.input}
          lang={bcp47Of(user.lang)}
          maxLength={120}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
        />
      </Field>
      <Field id="message-body" label={t('userPage.message.body', { language })}>
        <textarea
          id="message-body"
          className={ui.input}
          lang={bcp47Of(user.lang)}
          rows={5}
          maxLength={2000}
          value={body}
          onChange={(e) => setBody(e.target.value)}
        />
      </Field>
    </ReasonDialog>
  );
}

const AMOUNT = /^\d{1,9}(\.\d{1,2})?$/;

function AdjustDialog({ user, onClose, onDone }: ActProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [direction, setDirection] = useState<'credit' | 'debit'>('credit');
  const [amount, setAmount] = useState('');
  const [category, setCategory] = useState<(typeof ADJUSTMENT_CATEGORIES)[number]>('goodwill');
  const [adjust] = useAdjustMutation();
  return (
    <ReasonDialog
      title={t('userPage.adjust.title', { account: user.account })}
      confirmLabel={t('userPage.adjust.confirm')}
      onClose={onClose}
      onConfirm={async (reason) => {
        if (!AMOUNT.test(amount.trim()) || Number(amount) <= 0) throw refusal(t('userPage.adjust.amountRule'));
        const done = await adjust({ id: user.id, direction, amount: amount.trim(), category, reason }).unwrap();
        const shown = formatMoney(done.amount, lang);
        onDone(
          done.status === 'pending'
            ? t('userPage.adjust.held', { id: done.id, amount: shown })
            : t('userPage.adjust.posted', { id: done.id, amount: shown, direction: t(`userPage.adjust.${direction}`) }),
        );
      }}
    >
      <p>{t('userPage.adjust.explain')}</p>
      <div className={styles.formGrid}>
        <Field id="adjust-direction" label={t('userPage.adjust.direction')}>
          <select
            id="adjust-direction"
            className={ui.input}
            value={direction}
            onChange={(e) => setDirection(e.target.value as 'credit' | 'debit')}
          >
            <option value="credit">{t('userPage.adjust.credit')}</option>
            <option value="debit">{t('userPage.adjust.debit')}</option>
          </select>
        </Field>
        <Field id="adjust-amount" label={t('userPage.adjust.amount')}>
          <input
            id="adjust-amount"
            className={ui.input}
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        </Field>
        <Field id="adjust-category" label={t('userPage.adjust.category')}>
          <select
            id="adjust-category"
            className={ui.input}
            value={category}
            onChange={(e) => setCategory(e.target.value as (typeof ADJUSTMENT_CATEGORIES)[number])}
          >
            {ADJUSTMENT_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`userPage.adjust.categories.${c}`)}
              </option>
            ))}
          </select>
        </Field>
      </div>
    </ReasonDialog>
  );
}
