import { dataDirSecret, parseKey32 } from '../../platform/config/data-dir-secret.ts';
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Personal data at rest: document numbers are stored AES-256-GCM encrypted (random 96-bit nonce, tag kept),
 * and found again (uniqueness across users) through an HMAC-SHA-256 keyed hash, never through the number.
 * One master key, from KYC_KEY (32 bytes, base64 or hex) or the file `kyc-key` in DATA_DIR (made on first
 * use, mode 0600); the encryption and hashing keys are derived from it with HKDF so neither is reused.
 */
export type KycKeys = { encryption: Buffer; hashing: Buffer };

const VERSION = 1;

export function deriveKeys(master: Buffer): KycKeys {
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), info, 32));
  return { encryption: derive('kyc/document/aes-256-gcm'), hashing: derive('kyc/document/hmac-sha256') };
}

/** The master key: KYC_KEY when set, else DATA_DIR/kyc-key, created (0600) when missing. */
export function loadKycKeys(dataDir: string, env: NodeJS.ProcessEnv = process.env): KycKeys {
  if (env.KYC_KEY) return deriveKeys(parseKey32(env.KYC_KEY, 'KYC_KEY'));
  return deriveKeys(
    parseKey32(
      dataDirSecret(dataDir, 'kyc-key', () => randomBytes(32).toString('base64')),
      'KYC_KEY',
    ),
  );
}

/** version(1) | nonce(12) | tag(16) | ciphertext; the user id is bound in as associated data. */
export function encryptDocument(keys: KycKeys, userId: number, plain: string): Buffer {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keys.encryption, nonce);
  cipher.setAAD(Buffer.from(`user:${userId}`));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([Buffer.from([VERSION]), nonce, cipher.getAuthTag(), body]);
}

export function decryptDocument(keys: KycKeys, userId: number, sealed: Buffer): string {
  if (sealed[0] !== VERSION) throw new Error('unknown document encryption version');
  const decipher = createDecipheriv('aes-256-gcm', keys.encryption, sealed.subarray(1, 13));
  decipher.setAAD(Buffer.from(`user:${userId}`));
  decipher.setAuthTag(sealed.subarray(13, 29));
  return Buffer.concat([decipher.update(sealed.subarray(29)), decipher.final()]).toString('utf8');
}

/** The keyed hash that makes "this number is already used" checkable without the number. */
export function documentHash(keys: KycKeys, type: string, normalised: string): string {
  return createHmac('sha256', keys.hashing).update(`${type}:${normalised}`).digest('hex');
}
