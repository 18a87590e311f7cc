import { drawQr } from '@app/ui/qr';

export const POSTER_WIDTH = 720;
export const POSTER_HEIGHT = 1080;

export type PosterText = { brand: string; headline: string; codeLabel: string; code: string; scan: string };

function wrap(ctx: CanvasRenderingContext2D, text: string, maxWidth: number): string[] {
  // Words where there are spaces; single characters for scripts written without them (zh, jp, th).
  const units = text.includes(' ') ? text.split(' ') : [...text];
  const joiner = text.includes(' ') ? ' ' : '';
  const lines: string[] = [];
  let line = '';
  for (const unit of units) {
    const next = line ? line + joiner + unit : unit;
    if (ctx.measureText(next).width > maxWidth && line) {
      lines.push(line);
      line = unit;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * The share poster, drawn in the browser: the brand, a headline, the invitation code and a QR code of the
 * registration link. Everything is drawn from the user's own data; nothing is fetched.
 */
export async function drawPoster(canvas: HTMLCanvasElement, link: string, text: PosterText): Promise<void> {
  canvas.width = POSTER_WIDTH;
  canvas.height = POSTER_HEIGHT;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d context');
  const font = (weight: number, px: number) =>
    `${weight} ${px}px system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans CJK SC", "Noto Sans Thai", sans-serif`;

  const gradient = ctx.createLinearGradient(0, 0, 0, POSTER_HEIGHT);
  gradient.addColorStop(0, '#1a56db');
  gradient.addColorStop(1, '#0b2a6f');
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, POSTER_WIDTH, POSTER_HEIGHT);

  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  ctx.fillStyle = '#ffffff';
  ctx.font = font(700, 44);
  ctx.fillText(text.brand, POSTER_WIDTH / 2, 80);

  ctx.font = font(600, 36);
  let y = 170;
  for (const line of wrap(ctx, text.headline, POSTER_WIDTH - 120)) {
    ctx.fillText(line, POSTER_WIDTH / 2, y);
    y += 48;
  }

  // A white card holding the code and the QR.
  const cardTop = 330;
  ctx.fillStyle = '#ffffff';
  ctx.beginPath();
  ctx.roundRect(60, cardTop, POSTER_WIDTH - 120, 660, 28);
  ctx.fill();

  ctx.fillStyle = '#5b6475';
  ctx.font = font(500, 28);
  ctx.fillText(text.codeLabel, POSTER_WIDTH / 2, cardTop + 40);
  ctx.fillStyle = '#111827';
  ctx.font = font(800, 64);
  ctx.fillText(text.code, POSTER_WIDTH / 2, cardTop + 84);

  drawQr(ctx, link, (POSTER_WIDTH - 400) / 2, cardTop + 180, 400);

  ctx.fillStyle = '#5b6475';
  ctx.font = font(500, 26);
  ctx.fillText(text.scan, POSTER_WIDTH / 2, cardTop + 598);
}

export const posterBlob = (canvas: HTMLCanvasElement) =>
  new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('toBlob failed'))), 'image/png'),
  );
