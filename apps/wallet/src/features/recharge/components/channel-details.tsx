import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { RechargeChannel } from '@app/contracts';
import { Button, Spinner, useToast } from '@app/ui';
import { NS } from '../../../i18n-namespace.ts';
import styles from '../../../lib/wallet.module.css';

const CryptoQr = lazy(() => import('./crypto-qr.tsx'));

/** Groups of four for reading aloud and comparing (an address, a card number); names keep their own spaces. */
const groups = (value: string): string[] => (/\s/.test(value) ? [value] : (value.match(/.{1,4}/g) ?? []));

/** Where to send the money: the channel's account or address (with a QR code for crypto), each copyable. */
export function ChannelDetails({ channel }: { channel: RechargeChannel }) {
  const { t } = useTranslation(NS);
  const toast = useToast();
  const copy = async (value: string | null) => {
    if (!value) return toast.error(t('copyFailed'));
    try {
      await navigator.clipboard.writeText(value);
      toast.info(t('copied', { ns: 'errors' }));
    } catch {
      toast.error(t('copyFailed'));
    }
  };
  const rows: Array<[string, string | null, boolean]> =
    channel.kind === 'bank'
      ? [
          [t('channel.bank'), channel.bank_name, false],
          [t('channel.account'), channel.account, true],
          [t('channel.holder'), channel.holder, true],
        ]
      : channel.kind === 'crypto'
        ? [
            [t('wallet.currency'), channel.currency, false],
            [t('wallet.network'), channel.network, false],
            [t('wallet.address'), channel.address, true],
          ]
        : [
            [t('channel.account'), channel.account, true],
            [t('channel.holder'), channel.holder, false],
          ];
  return (
    <section className={styles.card} aria-label={t('channel.payTo')}>
      <dl className={styles.rows}>
        {rows.map(([label, value, copyable]) =>
          copyable ? (
            // A value to copy takes the card's full width under its label, Copy beside the label: a long address
            // then breaks between groups of four, never leaving one character alone beside the button.
            <div key={label} className={styles.copyRow}>
              <dt>{label}</dt>
              <dd>
                <span className={styles.copyValue} data-testid="copy-value">
                  {groups(value ?? '').map((group, i) => (
                    <span key={i}>{group}</span>
                  ))}
                </span>
                <Button size="sm" variant="ghost" className={styles.copyButton} onClick={() => void copy(value)}>
                  {t('actions.copy', { ns: 'common' })}
                  <span className="visually-hidden"> {label}</span>
                </Button>
              </dd>
            </div>
          ) : (
            <div key={label} className={styles.row}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ),
        )}
      </dl>
      {channel.kind === 'crypto' && channel.address && (
        <Suspense fallback={<Spinner label={t('states.loading', { ns: 'common' })} />}>
          <CryptoQr value={channel.address} label={t('channel.qr', { network: channel.network })} />
        </Suspense>
      )}
      {channel.kind === 'crypto' && (
        <p className={styles.note}>
          {t('channel.networkWarning', { network: channel.network, currency: channel.currency })}
        </p>
      )}
    </section>
  );
}
