import { useEffect, useRef } from 'react';
import { encode } from 'uqr';

/**
 * QR codes, one library for the whole product (uqr: a few kilobytes, no dependencies): error correction M (it
 * survives a phone camera at an angle) and the standard's four-module quiet zone (with two, some readers miss
 * codes drawn edge to edge on a busy poster or page).
 */
const matrix = (text: string) => encode(text, { ecc: 'M', border: 4 });

/** Draws `text` as a QR code filling size × size at (x, y), black on white, each module whole pixels. */
export function drawQr(ctx: CanvasRenderingContext2D, text: string, x: number, y: number, size: number): void {
  const { size: modules, data } = matrix(text);
  const cell = Math.max(1, Math.floor(size / modules));
  const offset = Math.floor((size - cell * modules) / 2);
  ctx.fillStyle = '#fff';
  ctx.fillRect(x, y, size, size);
  ctx.fillStyle = '#000';
  data.forEach((row, r) =>
    row.forEach((on, c) => on && ctx.fillRect(x + offset + c * cell, y + offset + r * cell, cell, cell)),
  );
}

/** A QR code of `text` on a canvas (for pages that read or export its pixels). */
export function QrCanvas({
  text,
  size,
  label,
  className,
  testId,
}: {
  text: string;
  size: number;
  label: string;
  className?: string;
  testId?: string;
}) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    // A canvas that cannot draw (no 2D context) leaves the text shown beside it to be typed in.
    const ctx = ref.current?.getContext('2d');
    if (ctx) drawQr(ctx, text, 0, 0, size);
  }, [text, size]);
  return (
    <canvas
      ref={ref}
      width={size}
      height={size}
      role="img"
      aria-label={label}
      className={className}
      data-testid={testId}
    />
  );
}

/** A QR code of `text` as SVG, scaled by CSS. */
export function QrSvg({
  text,
  label,
  className,
  testId,
}: {
  text: string;
  label: string;
  className?: string;
  testId?: string;
}) {
  const { size, data } = matrix(text);
  let path = '';
  data.forEach((row, y) => row.forEach((on, x) => on && (path += `M${x} ${y}h1v1h-1z`)));
  return (
    <svg
      className={className}
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      data-testid={testId}
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
