import { useEffect, useRef } from 'react';
import QRCode from 'qrcode';

/** A QR code of `text`, drawn on a canvas (error correction M: survives a phone camera at an angle). */
export function QrCanvas({ text, size, label }: { text: string; size: number; label: string }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (ref.current) void QRCode.toCanvas(ref.current, text, { width: size, margin: 2, errorCorrectionLevel: 'M' });
  }, [text, size]);
  return <canvas ref={ref} width={size} height={size} role="img" aria-label={label} data-testid="invite-qr" />;
}
