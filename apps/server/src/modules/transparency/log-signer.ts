import { dataDirSecret, parseKey32 } from '../../platform/config/data-dir-secret.ts';
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';

/**
 * The key that signs tree heads: Ed25519, from LOG_SIGNING_KEY (the 32-byte private seed, base64 or hex) or the file
 * `log-signing-key` in DATA_DIR (made on first use, mode 0600, like kyc-key and admin-token). Only the node that
 * sequences needs it; every node serves the public half from the database. Its id is the hex SHA-256 of the raw
 * 32-byte public key.
 */
export type LogSigner = { keyId: string; publicKey: Buffer; sign: (message: string) => Buffer };

/** PKCS #8 for an Ed25519 seed: this fixed prefix, then the 32 bytes (RFC 8410). */
const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

export function signerFromSeed(seed: Buffer): LogSigner {
  const privateKey: KeyObject = createPrivateKey({
    key: Buffer.concat([PKCS8_PREFIX, seed]),
    format: 'der',
    type: 'pkcs8',
  });
  // The SPKI of an Ed25519 key ends with the raw 32-byte key.
  const publicKey = createPublicKey(privateKey).export({ format: 'der', type: 'spki' }).subarray(-32);
  return {
    keyId: createHash('sha256').update(publicKey).digest('hex'),
    publicKey: Buffer.from(publicKey),
    sign: (message) => sign(null, Buffer.from(message, 'utf8'), privateKey),
  };
}

export function freshSeed(): Buffer {
  const { privateKey } = generateKeyPairSync('ed25519');
  return privateKey.export({ format: 'der', type: 'pkcs8' }).subarray(-32);
}

export function loadLogSigner(dataDir: string, env: NodeJS.ProcessEnv = process.env): LogSigner {
  if (env.LOG_SIGNING_KEY) return signerFromSeed(parseKey32(env.LOG_SIGNING_KEY, 'LOG_SIGNING_KEY'));
  return signerFromSeed(
    parseKey32(
      dataDirSecret(dataDir, 'log-signing-key', () => freshSeed().toString('base64')),
      'LOG_SIGNING_KEY',
    ),
  );
}

/** What a head's signature covers: the UTF-8 string `tree_size "\n" root_hash(hex) "\n" timestamp(ms)`. */
export const headMessage = (h: { treeSize: number; rootHash: Buffer; timestamp: number }) =>
  `${h.treeSize}\n${h.rootHash.toString('hex')}\n${h.timestamp}`;
