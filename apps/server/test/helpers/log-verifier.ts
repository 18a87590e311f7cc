import { createHash, createPublicKey, verify } from 'node:crypto';

// An RFC 6962 / RFC 9162 verifier written for the tests from the RFCs, with node:crypto alone. It imports nothing
// of the server's Merkle code: a proof the server's own arithmetic accepted but the RFC's does not fails here.

export const sha256 = (...parts: Buffer[]) => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p);
  return h.digest();
};
export const leaf = (data: string) => sha256(Buffer.from([0]), Buffer.from(data, 'utf8'));
export const node = (l: Buffer, r: Buffer) => sha256(Buffer.from([1]), l, r);

/** RFC 6962 2.1: MTH over the leaf hashes. */
export function mth(leaves: Buffer[]): Buffer {
  if (leaves.length === 0) return sha256();
  if (leaves.length === 1) return leaves[0]!;
  let k = 1;
  while (k * 2 < leaves.length) k *= 2;
  return node(mth(leaves.slice(0, k)), mth(leaves.slice(k)));
}

/** RFC 9162 2.1.3.2: verifying an inclusion proof. */
export function verifyInclusion(index: number, size: number, leafHash: Buffer, path: Buffer[], root: Buffer): boolean {
  if (index >= size) return false;
  let fn = index;
  let sn = size - 1;
  let r = leafHash;
  for (const p of path) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      r = node(p, r);
      if (fn % 2 === 0) {
        do {
          fn >>= 1;
          sn >>= 1;
        } while (fn % 2 === 0 && fn !== 0);
      }
    } else r = node(r, p);
    fn >>= 1;
    sn >>= 1;
  }
  return sn === 0 && r.equals(root);
}

/** RFC 9162 2.1.4.2: verifying a consistency proof. */
export function verifyConsistency(
  first: number,
  second: number,
  root1: Buffer,
  root2: Buffer,
  proof: Buffer[],
): boolean {
  if (first === second) return proof.length === 0 && root1.equals(root2);
  if (first === 0 || first > second) return false;
  let path = proof;
  // If first is an exact power of 2, prepend first_hash to the proof.
  if ((first & (first - 1)) === 0) path = [root1, ...proof];
  if (path.length === 0) return false;
  let fn = first - 1;
  let sn = second - 1;
  while (fn % 2 === 1) {
    fn >>= 1;
    sn >>= 1;
  }
  let fr = path[0]!;
  let sr = path[0]!;
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      fr = node(c, fr);
      sr = node(c, sr);
      if (fn % 2 === 0) {
        do {
          fn >>= 1;
          sn >>= 1;
        } while (fn % 2 === 0 && fn !== 0);
      }
    } else sr = node(sr, c);
    fn >>= 1;
    sn >>= 1;
  }
  return fr.equals(root1) && sr.equals(root2) && sn === 0;
}

/** Canonical JSON as docs/transparency.md defines it, re-encoded here from the parsed value. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/** Whether a head's signature verifies with a raw 32-byte Ed25519 public key (RFC 8032 through node:crypto). */
export function headSignedBy(
  head: { tree_size: number; root_hash: string; timestamp: number; signature: string },
  rawPublicKey: Buffer,
): boolean {
  const key = createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: rawPublicKey.toString('base64url') },
    format: 'jwk',
  });
  const message = Buffer.from(`${head.tree_size}\n${head.root_hash}\n${head.timestamp}`, 'utf8');
  return verify(null, message, key, Buffer.from(head.signature, 'base64'));
}
