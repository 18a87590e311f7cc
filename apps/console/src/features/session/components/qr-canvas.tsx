import { QrCanvas as Qr } from '@app/ui/qr';

/** A QR code of `text` on a canvas, as the invitation poster draws its own. */
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
  return <Qr text={text} size={size} label={label} className={className} testId="enrol-qr" />;
}
