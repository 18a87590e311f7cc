import { concat, equal, fromBase64, toHex, utf8, type Bytes } from './bytes.ts';

// RFC 6962 / RFC 9162 written from the RFCs with WebCrypto alone, so the same code checks a log in a browser and in
// Node, and shares nothing with the server's Merkle code: a proof the server's arithmetic accepts but the RFC's
// does not fails here.

const LEAF = new Uint8Array([0]);
const NODE = new Uint8Array([1]);

export async function sha256(...parts: Uint8Array[]): Promise<Bytes> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', concat(...parts)));
}

/** RFC 6962 2.1: the hash of a leaf, SHA-256(0x00 || entry bytes). */
export const leafHash = (entry: string) => sha256(LEAF, utf8(entry));
/** RFC 6962 2.1: an inner node, SHA-256(0x01 || left || right). */
export const nodeHash = (left: Uint8Array, right: Uint8Array) => sha256(NODE, left, right);

/**
 * RFC 6962 2.1 MTH over leaf hashes, folded left to right with a stack of complete subtrees (what a monitor keeps
 * as it reads a log from the start), so a million leaves cost no recursion and no copies.
 */
export async function treeHash(leaves: Uint8Array[]): Promise<Bytes> {
  if (leaves.length === 0) return sha256();
  const stack: Array<{ hash: Uint8Array; size: number }> = [];
  for (const leaf of leaves) {
    let top = { hash: leaf, size: 1 };
    while (stack.length && stack[stack.length - 1]!.size === top.size) {
      const left = stack.pop()!;
      top = { hash: await nodeHash(left.hash, top.hash), size: left.size * 2 };
    }
    stack.push(top);
  }
  // The right edge: smaller subtrees hang off the right of the larger ones before them.
  let hash = stack.pop()!.hash;
  while (stack.length) hash = await nodeHash(stack.pop()!.hash, hash);
  return hash as Bytes;
}

/** RFC 9162 2.1.3.2: whether `path` proves `leaf` is at `index` in the tree of `size` leaves with root `root`. */
export async function verifyInclusion(
  index: number,
  size: number,
  leaf: Uint8Array,
  path: Uint8Array[],
  root: Uint8Array,
): Promise<boolean> {
  if (index < 0 || index >= size) return false;
  let fn = index;
  let sn = size - 1;
  let r: Uint8Array = leaf;
  for (const p of path) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      r = await nodeHash(p, r);
      if (fn % 2 === 0) {
        do {
          fn = Math.floor(fn / 2);
          sn = Math.floor(sn / 2);
        } while (fn % 2 === 0 && fn !== 0);
      }
    } else r = await nodeHash(r, p);
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && equal(r, root);
}

/** RFC 9162 2.1.4.2: whether `proof` shows the tree of `second` leaves (root2) extends that of `first` (root1). */
export async function verifyConsistency(
  first: number,
  second: number,
  root1: Uint8Array,
  root2: Uint8Array,
  proof: Uint8Array[],
): Promise<boolean> {
  if (first === second) return proof.length === 0 && equal(root1, root2);
  if (first < 1 || first > second) return false;
  // When first is a power of two, its root is a node of the second tree: the proof leaves it out.
  const path = (first & (first - 1)) === 0 ? [root1, ...proof] : proof;
  if (path.length === 0) return false;
  let fn = first - 1;
  let sn = second - 1;
  while (fn % 2 === 1) {
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  let fr = path[0]!;
  let sr = path[0]!;
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      fr = await nodeHash(c, fr);
      sr = await nodeHash(c, sr);
      if (fn % 2 === 0) {
        do {
          fn = Math.floor(fn / 2);
          sn = Math.floor(sn / 2);
        } while (fn % 2 === 0 && fn !== 0);
      }
    } else sr = await nodeHash(sr, c);
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && equal(fr, root1) && equal(sr, root2);
}

export type SignedHead = { tree_size: number; root_hash: string; timestamp: number; key_id: string; signature: string };
export type PublishedKey = { key_id: string; algorithm: string; public_key: string };

/** The key's id is the hex SHA-256 of its raw 32 bytes (docs/transparency.md): a key that says otherwise is not it. */
export async function keyIdOf(key: PublishedKey): Promise<string> {
  return toHex(await sha256(fromBase64(key.public_key)));
}

/** Whether the head's Ed25519 signature over `tree_size\nroot_hash\ntimestamp` verifies with the published key. */
export async function headSigned(head: SignedHead, key: PublishedKey): Promise<boolean> {
  if (key.algorithm !== 'ed25519') return false;
  const raw = fromBase64(key.public_key);
  if (raw.length !== 32) return false;
  try {
    const publicKey = await crypto.subtle.importKey('raw', raw, { name: 'Ed25519' }, false, ['verify']);
    const message = utf8(`${head.tree_size}\n${head.root_hash}\n${head.timestamp}`);
    return await crypto.subtle.verify({ name: 'Ed25519' }, publicKey, fromBase64(head.signature), message);
  } catch {
    return false;
  }
}
