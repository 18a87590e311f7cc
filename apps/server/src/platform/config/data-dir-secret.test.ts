import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dataDirSecret, parseKey32 } from './data-dir-secret.ts';

const dirs: string[] = [];
const freshDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secret-'));
  dirs.push(dir);
  return path.join(dir, 'data');
};
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

describe('dataDirSecret', () => {
  it('makes the secret once, owner-only, and reads the same one after', () => {
    const dataDir = freshDir();
    let made = 0;
    const make = () => `secret-${++made}`;
    expect(dataDirSecret(dataDir, 'key', make)).toBe('secret-1');
    expect(dataDirSecret(dataDir, 'key', make)).toBe('secret-1');
    expect(made).toBe(1);
    expect(fs.statSync(path.join(dataDir, 'key')).mode & 0o777).toBe(0o600);
  });

  it("keeps the first writer's secret when another process wrote it between the read and the write", () => {
    const dataDir = freshDir();
    const secret = dataDirSecret(dataDir, 'key', () => {
      // Another process wins the race while this one makes its own.
      fs.mkdirSync(dataDir, { recursive: true });
      fs.writeFileSync(path.join(dataDir, 'key'), 'theirs\n');
      return 'mine';
    });
    expect(secret).toBe('theirs');
  });
});

describe('parseKey32', () => {
  it('reads 64 hex digits or base64 of 32 bytes, and refuses anything else by its name', () => {
    const key = Buffer.alloc(32, 7);
    expect(parseKey32(key.toString('hex'), 'X_KEY')).toEqual(key);
    expect(parseKey32(`${key.toString('base64')}\n`, 'X_KEY')).toEqual(key);
    expect(() => parseKey32('c2hvcnQ=', 'X_KEY')).toThrow('X_KEY must be 32 bytes');
  });
});
