import { useEffect, useRef } from 'react';
import QRCode from 'qrcode';

/** A QR code of `text` on a canvas (error correction M), as the invitation poster draws its own. */
export function QrCanvas({
  text,
  size,
  label,
  className,
}: {
  text: string;
  size: number;
  label: string;
  className?: string;
}) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!ref.current) return;
    // A canvas that cannot draw (no 2D context) leaves the secret, shown as text beside it, to type in.
    QRCode.toCanvas(ref.current, text, { width: size, margin: 2, errorCorrectionLevel: 'M' }).catch(() => undefined);
  }, [text, size]);
  return (
    <canvas
      ref={ref}
      width={size}
      height={size}
      role="img"
      aria-label={label}
      className={className}
      data-testid="enrol-qr"
    />
  );
}
