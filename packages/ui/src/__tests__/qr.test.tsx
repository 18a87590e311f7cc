import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { drawQr, QrSvg } from '../qr/qr.tsx';

const root = path.resolve(__dirname, '../../../..');

describe('QR codes', () => {
  it('come from one library in the whole workspace (uqr, in packages/ui)', () => {
    const users: string[] = [];
    for (const group of ['apps', 'packages', 'tools'])
      for (const name of readdirSync(path.join(root, group))) {
        const file = path.join(root, group, name, 'package.json');
        let pkg: { dependencies?: object; devDependencies?: object };
        try {
          pkg = JSON.parse(readFileSync(file, 'utf8')) as typeof pkg;
        } catch {
          continue;
        }
        for (const dep of Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }))
          if (/^(@types\/)?(qrcode|uqr|qr-code-styling|qrious|react-qr-code)$/.test(dep))
            users.push(`${group}/${name}: ${dep}`);
      }
    expect(users).toEqual(['packages/ui: uqr']);
  });

  it('draws the same modules on a canvas as in SVG, with a white quiet zone', () => {
    render(<QrSvg text="https://example.test/r?c=WELCOME" label="Invitation" />);
    const svg = screen.getByRole('img', { name: 'Invitation' });
    const modules = Number(svg.getAttribute('viewBox')!.split(' ')[2]);
    const dark = (svg.querySelector('path')!.getAttribute('d')!.match(/M/g) ?? []).length;
    const rects: Array<[number, number, number, number, string]> = [];
    let fill = '';
    const ctx = {
      set fillStyle(value: string) {
        fill = value;
      },
      fillRect: (x: number, y: number, w: number, h: number) => rects.push([x, y, w, h, fill]),
    } as unknown as CanvasRenderingContext2D;
    drawQr(ctx, 'https://example.test/r?c=WELCOME', 10, 20, modules * 4);
    expect(rects[0]).toEqual([10, 20, modules * 4, modules * 4, '#fff']);
    expect(rects.slice(1).every((r) => r[4] === '#000' && r[2] === 4)).toBe(true);
    expect(rects.length - 1).toBe(dark);
    // The standard's four modules of quiet zone on each side: nothing dark within 16 px of the edge.
    expect(Math.min(...rects.slice(1).map((r) => r[0]))).toBe(10 + 16);
  });
});
