import { concat, fromHex, toHex, utf8, type Bytes } from './bytes.ts';
import { decimalUnits } from './entries.ts';
import { sha256 } from './rfc6962.ts';

// The proof of liabilities, checked from the published format (docs/liabilities.md) with WebCrypto alone, written
// apart from the server's tree code: a user's leaf is in the published total of a day.

export type LiabilitiesRootShown = { day: string; root_hash: string; total: string; leaves: number };
export type LiabilitiesProofShown = {
  day: string;
  secret: string;
  leaf_id: string;
  balance: string;
  path: Array<{ hash: string; sum: string; side: 'left' | 'right' }>;
  root: LiabilitiesRootShown;
};
export type LiabilitiesRootEntry = {
  type: 'liabilities_root';
  v: 1;
  day: string;
  root_hash: string;
  total: string;
  leaves: number;
};

/** An amount in cents as the tree's 8 bytes, big-endian (no negative balance is ever a leaf). */
function u64(cents: bigint): Bytes {
  if (cents < 0n || cents >= 1n << 63n) throw new Error(`a sum out of range: ${cents}`);
  const out = new Uint8Array(8);
  let v = cents;
  for (let i = 7; i >= 0; i--) {
    out[i] = Number(v & 0xffn);
    v >>= 8n;
  }
  return out;
}

export async function hmacSha256(key: Uint8Array, message: Uint8Array): Promise<Bytes> {
  const k = await crypto.subtle.importKey('raw', key as Bytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await crypto.subtle.sign('HMAC', k, message as Bytes));
}

export type LiabilitiesCheck = { ok: boolean; problems: string[]; root: string; total: string };

const cents = (s: string) => decimalUnits(s, 2);

/**
 * Recomputes the user's leaf id from their secret and the day, hashes their leaf, climbs the path adding each
 * sibling's sum, and compares the root and total reached with the published ones.
 */
export async function verifyLiabilitiesProof(proof: LiabilitiesProofShown): Promise<LiabilitiesCheck> {
  const problems: string[] = [];
  const leafId = await hmacSha256(fromHex(proof.secret), utf8(proof.day));
  if (toHex(leafId) !== proof.leaf_id) problems.push('the leaf id is not HMAC-SHA-256(your secret, the day)');
  let hash = await sha256(new Uint8Array([0]), leafId, u64(cents(proof.balance)));
  let sum = cents(proof.balance);
  for (const step of proof.path) {
    const sibling = { hash: fromHex(step.hash), sum: cents(step.sum) };
    hash =
      step.side === 'left'
        ? await sha256(new Uint8Array([1]), concat(sibling.hash, u64(sibling.sum), hash, u64(sum)))
        : await sha256(new Uint8Array([1]), concat(hash, u64(sum), sibling.hash, u64(sibling.sum)));
    sum += sibling.sum;
  }
  const root = toHex(hash);
  if (root !== proof.root.root_hash)
    problems.push(`the path climbs to ${root}, not the published root ${proof.root.root_hash}`);
  if (sum !== cents(proof.root.total))
    problems.push(`the path adds up to ${sum} cents, not the published total ${proof.root.total}`);
  return { ok: problems.length === 0, problems, root, total: proof.root.total };
}

/** The day's root as the log holds it must be the root the proof climbs to. */
export function rootLogged(root: LiabilitiesRootShown, entry: LiabilitiesRootEntry | undefined): string | null {
  if (!entry) return `no liabilities_root entry of ${root.day} in the log`;
  if (entry.root_hash !== root.root_hash || entry.total !== root.total || entry.leaves !== root.leaves)
    return `the log's root of ${root.day} is ${entry.root_hash} (${entry.total}), the published one ${root.root_hash} (${root.total})`;
  return null;
}
