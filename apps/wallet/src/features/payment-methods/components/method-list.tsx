import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { PaymentMethod } from '@app/contracts';
import { useFormatters } from '@app/i18n/client';
import { Badge, Button, ConfirmDialog, useToast } from '@app/ui';
import { NS } from '../../../i18n-namespace.ts';
import styles from '../../../lib/wallet.module.css';
import { useRemoveMethodMutation } from '../api/payment-methods-api.ts';
import { apiErrorText, useStepUp } from '@app/app-kit';

// Where each kind's one allowed change is made: the page that adds one, in edit mode.
const EDIT_PAGE: Record<PaymentMethod['kind'], string> = {
  bank: '/pages/payment/bindbank',
  crypto: '/pages/payment/bindwallet',
  alipay: '/pages/payment/payment',
  wechat: '/pages/payment/payment',
};

/**
 * The bound methods, masked; each says it is locked, when a new one's hold lifts, and can be removed. One that
 * customer service allowed to change once offers the change instead of the lock.
 */
export function MethodList({ items }: { items: PaymentMethod[] }) {
  const { t } = useTranslation(NS);
  const f = useFormatters();
  const toast = useToast();
  const [removing, setRemoving] = useState<PaymentMethod | null>(null);
  const [remove, state] = useRemoveMethodMutation();
  const navigate = useNavigate();
  const stepUp = useStepUp();
  const confirm = async () => {
    if (!removing || !stepUp.ready()) return;
    try {
      await remove({ id: removing.id, ...stepUp.body() }).unwrap();
      toast.info(t('deleted', { ns: 'errors' }));
    } catch (error) {
      // A missing or wrong code is said under its field; the dialog stays open for another.
      if (stepUp.refused(error)) return;
      toast.error(apiErrorText(error, t));
    }
    stepUp.reset();
    setRemoving(null);
  };
  return (
    <>
      <ul className={styles.list} data-testid="method-list">
        {items.map((m) => (
          <li key={m.id} className={styles.item}>
            <div className={styles.itemMain}>
              <span className={styles.strong}>
                {t(`kind.${m.kind}`)} · {m.title}
              </span>
              <span className={styles.mono}>{m.masked}</span>
              {m.holder && <span className={styles.small}>{m.holder}</span>}
              {m.hold_until && (
                <span className={styles.small}>{t('methods.holdUntil', { time: f.dateTime(m.hold_until) })}</span>
              )}
            </div>
            <div className={styles.itemSide}>
              {m.locked ? (
                <Badge>{t('methods.locked')}</Badge>
              ) : (
                <Button size="sm" onClick={() => navigate(`${EDIT_PAGE[m.kind]}?edit=${m.id}`)}>
                  {t('methods.edit')}
                  <span className="visually-hidden">
                    {' '}
                    {m.title} {m.masked}
                  </span>
                </Button>
              )}
              <Button size="sm" variant="ghost" disabled={m.in_use} onClick={() => setRemoving(m)}>
                {t('methods.remove')}
                <span className="visually-hidden">
                  {' '}
                  {m.title} {m.masked}
                </span>
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <p className={styles.note} style={{ padding: '8px 16px' }}>
        {t('methods.lockedNote')}
      </p>
      <ConfirmDialog
        open={removing !== null}
        title={t('methods.removeTitle')}
        message={
          removing ? (
            <>
              <p>{`${removing.title} ${removing.masked}`}</p>
              {stepUp.field}
            </>
          ) : (
            ''
          )
        }
        confirmLabel={t('methods.remove')}
        cancelLabel={t('actions.cancel', { ns: 'common' })}
        onConfirm={() => void confirm()}
        onCancel={() => {
          stepUp.reset();
          setRemoving(null);
        }}
        busy={state.isLoading}
        danger
      />
    </>
  );
}
