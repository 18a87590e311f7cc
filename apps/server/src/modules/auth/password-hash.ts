import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id at the OWASP / ASVS 4.0 baseline (19 MiB, 2 passes, 1 lane). `Algorithm` is a const enum
 * that isolated modules cannot read, hence the literal 2 (= Argon2id).
 */
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** Hash of a password nobody has, so an unknown user costs the same time as a wrong password. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword('decoy-password-for-timing');
  return decoy;
}
