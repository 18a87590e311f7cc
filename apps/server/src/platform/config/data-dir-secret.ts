import fs from 'node:fs';
import path from 'node:path';

/**
 * A secret the server keeps under DATA_DIR (the admin token, the database password, the real-name and log keys):
 * read from `file`, or made by `make` and written once, readable by the owner only. The write is exclusive (`wx`),
 * so two processes starting at once agree on one secret: the one that loses the race reads the winner's.
 */
export function dataDirSecret(dataDir: string, file: string, make: () => string): string {
  const where = path.join(dataDir, file);
  const existing = readIfThere(where);
  if (existing) return existing;
  fs.mkdirSync(dataDir, { recursive: true });
  const fresh = make();
  try {
    fs.writeFileSync(where, fresh + '\n', { mode: 0o600, flag: 'wx' });
    return fresh;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readIfThere(where) ?? fresh;
  }
}

function readIfThere(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8').trim() || null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return null;
  }
}

/** A 32-byte key as an operator gives it (`name` in the environment) or a file holds it: 64 hex digits or base64. */
export function parseKey32(text: string, name: string): Buffer {
  const value = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  if (key.length !== 32) throw new Error(`${name} must be 32 bytes (64 hex digits or base64)`);
  return key;
}
