import { encode } from 'uqr';
import styles from '../../../lib/wallet.module.css';

/**
 * The receiving address as a QR code (uqr, rendered as SVG). Loaded on demand by the recharge form for crypto
 * channels only, so no other route pays for it.
 */
export default function CryptoQr({ value, label }: { value: string; label: string }) {
  const { size, data } = encode(value, { ecc: 'M', border: 2 });
  let path = '';
  data.forEach((row, y) => row.forEach((on, x) => on && (path += `M${x} ${y}h1v1h-1z`)));
  return (
    <svg
      className={styles.qr}
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      data-testid="channel-qr"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
