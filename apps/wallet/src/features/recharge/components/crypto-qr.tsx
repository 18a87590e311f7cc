import { QrSvg } from '@app/ui/qr';
import styles from '../../../lib/wallet.module.css';

/**
 * The receiving address as a QR code (SVG). Loaded on demand by the recharge form for crypto channels only, so
 * no other route pays for it.
 */
export default function CryptoQr({ value, label }: { value: string; label: string }) {
  return <QrSvg text={value} label={label} className={styles.qr} testId="channel-qr" />;
}
