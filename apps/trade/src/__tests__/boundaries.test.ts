import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const features = path.resolve(__dirname, '../features');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : /\.tsx?$/.test(name) ? [full] : [];
  });
}

describe('feature boundaries', () => {
  it('features never import each other (they meet only in routes/)', () => {
    const crossings: string[] = [];
    for (const feature of readdirSync(features)) {
      for (const file of files(path.join(features, feature))) {
        for (const [, spec] of readFileSync(file, 'utf8').matchAll(/from '(\.[^']+)'/g)) {
          const target = path.resolve(path.dirname(file), spec!);
          const rel = path.relative(features, target);
          if (!rel.startsWith('..') && rel.split(path.sep)[0] !== feature) crossings.push(`${path.relative(features, file)} -> ${spec}`);
        }
      }
    }
    expect(crossings).toEqual([]);
  });
});
