import { createECDH } from 'node:crypto';
import { dataDirSecret, parseKey32 } from '../../platform/config/data-dir-secret.ts';

/**
 * The application server's key pair (VAPID, RFC 8292): P-256, the private half from VAPID_PRIVATE_KEY (32 bytes,
 * hex or base64/base64url) or the file `vapid-key` in DATA_DIR (made on first use, mode 0600, like kyc-key). Every
 * node that sends must hold the same key: a browser's subscription is bound to the public half it was made with, so
 * a new key silently orphans every subscription (push services answer 403), which is why it is never rotated here.
 */
export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

export function loadVapidKeys(dataDir: string, subject: string, privateKey: string | undefined): VapidKeys {
  const secret = privateKey ?? dataDirSecret(dataDir, 'vapid-key', () => freshPrivateKey().toString('base64'));
  return vapidFromPrivate(parseKey32(secret, 'VAPID_PRIVATE_KEY'), subject);
}

export function vapidFromPrivate(privateKey: Buffer, subject: string): VapidKeys {
  const ecdh = createECDH('prime256v1');
  // Throws on a scalar outside the curve's order, so a bad key stops the start rather than every send.
  ecdh.setPrivateKey(privateKey);
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: privateKey.toString('base64url'),
    subject,
  };
}

function freshPrivateKey(): Buffer {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const key = ecdh.getPrivateKey();
  // getPrivateKey drops leading zero bytes; the key is always stored as 32.
  return key.length === 32 ? key : Buffer.concat([Buffer.alloc(32 - key.length), key]);
}
