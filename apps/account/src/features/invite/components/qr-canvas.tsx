import { QrCanvas as Qr } from '@app/ui/qr';

/** The invitation's QR code on a canvas (the e2e test reads its pixels back). */
export function QrCanvas({ text, size, label }: { text: string; size: number; label: string }) {
  return <Qr text={text} size={size} label={label} testId="invite-qr" />;
}
