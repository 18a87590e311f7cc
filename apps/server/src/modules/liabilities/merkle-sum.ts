import { createHash } from 'node:crypto';

// The proof of liabilities' Merkle sum tree (docs/liabilities.md). A leaf commits to a user's leaf id and balance:
// SHA-256(0x00 || leaf_id (32 bytes) || balance (8 bytes, big-endian)); a node to both children and their sums:
// SHA-256(0x01 || left_hash || left_sum || right_hash || right_sum), its sum left_sum + right_sum. Levels pair
// neighbours left to right; a last node without a neighbour rises unchanged to the next level.

export type SumNode = { hash: Buffer; sum: bigint };

const MAX = (1n << 63n) - 1n;

export function u64(v: bigint): Buffer {
  if (v < 0n || v > MAX) throw new Error(`a balance out of range: ${v}`);
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(v);
  return b;
}

export const leafNode = (leafId: Buffer, balance: bigint): SumNode => ({
  hash: createHash('sha256')
    .update(Buffer.from([0]))
    .update(leafId)
    .update(u64(balance))
    .digest(),
  sum: balance,
});

export const parentNode = (l: SumNode, r: SumNode): SumNode => ({
  hash: createHash('sha256')
    .update(Buffer.from([1]))
    .update(l.hash)
    .update(u64(l.sum))
    .update(r.hash)
    .update(u64(r.sum))
    .digest(),
  sum: l.sum + r.sum,
});

/** Every level of the tree, leaves first, the root alone last (an empty tree: the hash of nothing, sum 0). */
export function buildLevels(leaves: SumNode[]): SumNode[][] {
  if (leaves.length === 0) return [[{ hash: createHash('sha256').digest(), sum: 0n }]];
  const levels = [leaves];
  while (levels[levels.length - 1]!.length > 1) {
    const below = levels[levels.length - 1]!;
    const up: SumNode[] = [];
    for (let i = 0; i < below.length; i += 2)
      up.push(i + 1 < below.length ? parentNode(below[i]!, below[i + 1]!) : below[i]!);
    levels.push(up);
  }
  return levels;
}

/** How many nodes each level of a tree over `leaves` leaves holds, from the leaves up to the root (buildLevels' shape). */
export function levelWidths(leaves: number): number[] {
  const widths = [Math.max(leaves, 1)];
  while (widths[widths.length - 1]! > 1) widths.push(Math.ceil(widths[widths.length - 1]! / 2));
  return widths;
}

/** The siblings from a leaf to the root: each with the side it sits on (a node without a sibling adds none). */
export function siblingsOf(
  index: number,
  widths: number[],
): Array<{ level: number; idx: number; side: 'left' | 'right' }> {
  const out: Array<{ level: number; idx: number; side: 'left' | 'right' }> = [];
  let i = index;
  for (let level = 0; level < widths.length - 1; level++) {
    const sibling = i ^ 1;
    if (sibling < widths[level]!) out.push({ level, idx: sibling, side: sibling < i ? 'left' : 'right' });
    i = Math.floor(i / 2);
  }
  return out;
}
