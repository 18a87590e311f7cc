import { createHash } from 'node:crypto';

// The log's Merkle tree, hashed exactly as RFC 6962 / RFC 9162 section 2.1 define it, so any Certificate
// Transparency verifier's arithmetic applies: a leaf is SHA-256(0x00 || entry), a node SHA-256(0x01 || left || right),
// and a tree of n leaves splits at k, the largest power of two below n (any n, not only powers of two).
//
// Only complete, aligned subtrees are ever stored (a node at `level` and `index` covers the leaves
// [index * 2^level, (index + 1) * 2^level)): such a node never changes once its last leaf is in, so the stored
// tree is append-only too, and every hash of any earlier tree size is made from them. Of those, only the levels
// that are multiples of TILE_LEVELS are read (every level above 0 is still written: writtenLevel); a node between is
// hashed up from the stored level below it (at most 2^(TILE_LEVELS - 1) nodes), and a leaf from its entry, as
// tlog-tiles logs (Trillian, Tessera) keep only tiles. Nothing of this reaches a verifier: every hash served is the
// RFC 6962 hash of its range.

export type Hash = Buffer;

const sha256 = (...parts: Buffer[]) => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p);
  return h.digest();
};

const LEAF = Buffer.from([0]);
const NODE = Buffer.from([1]);

export const leafHash = (entry: Buffer): Hash => sha256(LEAF, entry);
export const nodeHash = (left: Hash, right: Hash): Hash => sha256(NODE, left, right);
/** MTH({}): the hash of the empty string. */
export const EMPTY_ROOT: Hash = sha256();

/** The largest power of two strictly below n (n >= 2). */
export function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/** A stored node: `level` 0 is a leaf; the node covers 2^level leaves from index * 2^level. */
export type NodeKey = { level: number; index: number };
export const nodeKey = (k: NodeKey) => `${k.level}:${k.index}`;

/**
 * Levels per tile: nodes are read at levels 4, 8, 12, ... only, and a node between is hashed up from at most 8
 * stored nodes (or 8 entries, below level 4). A row per leaf at every level was about one row of log_nodes (and
 * its index entry) per order; storing the tile levels alone is one per 16 leaves.
 */
export const TILE_LEVELS = 4;

/** Whether a node's stored row is read (the levels between are hashed up from the tile level below). */
export const storedLevel = (level: number) => level > 0 && level % TILE_LEVELS === 0;

/**
 * Whether the sequencer writes a node at this level: still every level above 0. The release before this one reads
 * any node it needs as a row, and it runs on the same tree during a rolling upgrade and again after a rollback
 * (docs/operations.md): a tree it cannot read would stop its sequencer and its proofs. Writing the tile levels
 * alone (`storedLevel`) is the contract step of a later release, once no running release reads the others.
 */
export const writtenLevel = (level: number) => level > 0;

/**
 * The nodes a node is hashed up from: itself at a stored level or at level 0, else its descendants at the
 * stored level below it (level 0: leaves, hashed from their entries).
 */
export function tileBase(k: NodeKey): NodeKey[] {
  const depth = k.level % TILE_LEVELS;
  const width = 2 ** depth;
  return Array.from({ length: width }, (_, j) => ({ level: k.level - depth, index: k.index * width + j }));
}

/** A node's hash from the nodes of its tileBase (folded pairwise, as the tree pairs them). */
export function hashUp(k: NodeKey, base: (k: NodeKey) => Hash): Hash {
  if (k.level % TILE_LEVELS === 0) return base(k);
  return nodeHash(
    hashUp({ level: k.level - 1, index: k.index * 2 }, base),
    hashUp({ level: k.level - 1, index: k.index * 2 + 1 }, base),
  );
}

/** A range of leaves [start, end) whose subtree hash a proof or a root needs. */
type Range = { start: number; end: number };

/**
 * The stored nodes whose hashes make up the subtree hash of [start, end): the range cut as RFC 6962 cuts it,
 * left to right. Every piece is complete and aligned, because a range that is not a power of two long is only
 * ever reached from the right edge of an aligned one.
 */
export function nodesOf({ start, end }: Range): NodeKey[] {
  const n = end - start;
  if (n <= 0) throw new Error(`empty range ${start}..${end}`);
  if ((n & (n - 1)) === 0 && start % n === 0) return [{ level: Math.log2(n), index: start / n }];
  const k = splitPoint(n);
  return [...nodesOf({ start, end: start + k }), ...nodesOf({ start: start + k, end })];
}

/** The subtree hash of [start, end) from its stored nodes (folded right to left, as the recursion nests). */
export function rangeHash(range: Range, node: (k: NodeKey) => Hash): Hash {
  const n = range.end - range.start;
  if ((n & (n - 1)) === 0 && range.start % n === 0) return node({ level: Math.log2(n), index: range.start / n });
  const k = splitPoint(n);
  return nodeHash(
    rangeHash({ start: range.start, end: range.start + k }, node),
    rangeHash({ start: range.start + k, end: range.end }, node),
  );
}

/** RFC 6962 2.1.1 PATH(m, D[start:end]): the ranges whose hashes prove leaf m, innermost first. */
function pathRanges(m: number, start: number, end: number): Range[] {
  const n = end - start;
  if (n <= 1) return [];
  const k = splitPoint(n);
  if (m < k) return [...pathRanges(m, start, start + k), { start: start + k, end }];
  return [...pathRanges(m - k, start + k, end), { start, end: start + k }];
}

/** RFC 6962 2.1.2 SUBPROOF(m, D[start:end], b). */
function subproofRanges(m: number, start: number, end: number, b: boolean): Range[] {
  const n = end - start;
  if (m === n) return b ? [] : [{ start, end }];
  const k = splitPoint(n);
  if (m <= k) return [...subproofRanges(m, start, start + k, b), { start: start + k, end }];
  return [...subproofRanges(m - k, start + k, end, false), { start, end: start + k }];
}

/** The ranges of the inclusion proof of leaf `index` in the tree of `size` leaves. */
export function inclusionRanges(index: number, size: number): Range[] {
  if (!(index >= 0 && index < size)) throw new Error(`leaf ${index} is not in a tree of ${size}`);
  return pathRanges(index, 0, size);
}

/** The ranges of the consistency proof from tree size `first` to `second` (empty when first is 0 or equal). */
export function consistencyRanges(first: number, second: number): Range[] {
  if (!(first >= 0 && first <= second)) throw new Error(`no proof from ${first} to ${second}`);
  if (first === 0 || first === second) return [];
  return subproofRanges(first, 0, second, true);
}

/** The root of a tree of `size` leaves from its stored nodes. */
export function rootOf(size: number, node: (k: NodeKey) => Hash): Hash {
  return size === 0 ? EMPTY_ROOT : rangeHash({ start: 0, end: size }, node);
}

/**
 * The complete nodes a batch of new leaves finishes: the new leaves themselves and every parent whose right child
 * is among them. `frontier` answers for the complete nodes already stored on the tree's right edge (the left
 * siblings the new nodes pair with).
 */
export function appendLeaves(
  size: number,
  leaves: Hash[],
  frontier: (k: NodeKey) => Hash,
): Array<NodeKey & { hash: Hash }> {
  const fresh = new Map<string, Hash>();
  const out: Array<NodeKey & { hash: Hash }> = [];
  const get = (k: NodeKey) => fresh.get(nodeKey(k)) ?? frontier(k);
  const put = (k: NodeKey, hash: Hash) => {
    fresh.set(nodeKey(k), hash);
    out.push({ ...k, hash });
  };
  leaves.forEach((hash, i) => {
    let index = size + i;
    put({ level: 0, index }, hash);
    // A right child (odd index) completes its parent.
    for (let level = 0; index % 2 === 1; level++, index = (index - 1) / 2) {
      const parent = nodeHash(get({ level, index: index - 1 }), get({ level, index }));
      put({ level: level + 1, index: (index - 1) / 2 }, parent);
    }
  });
  return out;
}

/** The stored nodes on the right edge of a tree of `size` leaves: what appendLeaves pairs new leaves with. */
export function frontierOf(size: number): NodeKey[] {
  const keys: NodeKey[] = [];
  for (let level = 0; 2 ** level <= size; level++) {
    const count = Math.floor(size / 2 ** level);
    if (count % 2 === 1) keys.push({ level, index: count - 1 });
  }
  return keys;
}
