import { deflateSync } from 'node:zlib';

/**
 * The app's icons, drawn at build time (no binary files in the repository, any size on demand): the brand's
 * deep blue with a white rising chart line and a dot at its end. An "any" icon has rounded corners; a
 * "maskable" one is full-bleed with the drawing inside the central 60 % so every launcher's mask keeps it.
 */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** An RGBA image as a PNG file. */
export function encodePng(width, height, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const rows = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    rows[y * (width * 4 + 1)] = 0; // no filter
    rgba.copy(rows, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const hex = (color) => [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16));

/**
 * @param {number} px
 * @param {number} py
 * @param {number[]} a
 * @param {number[]} b
 */
function distanceToSegment(px, py, [ax, ay], [bx, by]) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** The chart line, in units of the drawing box (0..1). */
const LINE = [
  [0.1, 0.78],
  [0.36, 0.5],
  [0.56, 0.64],
  [0.86, 0.26],
];

/**
 * @param {number} size pixels
 * @param {{ background: string, maskable?: boolean }} options
 */
export function drawIcon(size, { background, maskable = false }) {
  const [br, bg, bb] = hex(background);
  const rgba = Buffer.alloc(size * size * 4);
  const box = maskable ? 0.6 : 0.72; // share of the icon the drawing fills
  const offset = (1 - box) / 2;
  const points = LINE.map(([x, y]) => [(offset + x * box) * size, (offset + y * box) * size]);
  const stroke = size * 0.055;
  const dotRadius = size * 0.07;
  const corner = maskable ? 0 : size * 0.22;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const px = x + 0.5;
      const py = y + 0.5;
      // Coverage of the rounded square (antialiased over one pixel).
      let inside = 1;
      if (corner) {
        const cx = Math.min(Math.max(px, corner), size - corner);
        const cy = Math.min(Math.max(py, corner), size - corner);
        inside = Math.max(0, Math.min(1, corner - Math.hypot(px - cx, py - cy) + 0.5));
      }
      let line = 0;
      for (let i = 0; i < points.length - 1; i++) {
        const d = distanceToSegment(px, py, points[i], points[i + 1]);
        line = Math.max(line, Math.max(0, Math.min(1, stroke / 2 - d + 0.5)));
      }
      const end = points[points.length - 1];
      line = Math.max(line, Math.max(0, Math.min(1, dotRadius - Math.hypot(px - end[0], py - end[1]) + 0.5)));
      const o = (y * size + x) * 4;
      rgba[o] = Math.round(br + (255 - br) * line);
      rgba[o + 1] = Math.round(bg + (255 - bg) * line);
      rgba[o + 2] = Math.round(bb + (255 - bb) * line);
      rgba[o + 3] = Math.round(255 * inside);
    }
  }
  return encodePng(size, size, rgba);
}
