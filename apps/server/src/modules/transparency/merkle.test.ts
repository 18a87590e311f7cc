import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  appendLeaves,
  consistencyRanges,
  EMPTY_ROOT,
  frontierOf,
  hashUp,
  inclusionRanges,
  leafHash,
  nodeKey,
  rangeHash,
  rootOf,
  storedLevel,
  TILE_LEVELS,
  tileBase,
  type Hash,
  type NodeKey,
} from './merkle.ts';

// RFC 6962's test data as transparency-dev/merkle (Go) keeps it (testonly/constants.go): eight leaves, the root of
// every prefix, and some of its inclusion and consistency proofs.
const LEAVES = ['', '00', '10', '2021', '3031', '40414243', '5051525354555657', '606162636465666768696a6b6c6d6e6f'];
const ROOTS = [
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
  'aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77',
  'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
  '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4',
  '76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef',
  'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c',
  '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
];
const INCLUSION = [
  { index: 0, size: 1, path: [] },
  {
    index: 0,
    size: 8,
    path: [
      '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
    ],
  },
  {
    index: 5,
    size: 8,
    path: [
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  },
  {
    index: 2,
    size: 3,
    path: ['fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125'],
  },
  {
    index: 1,
    size: 5,
    path: [
      '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
    ],
  },
];
const CONSISTENCY = [
  { first: 1, second: 1, proof: [] },
  {
    first: 1,
    second: 8,
    proof: [
      '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
    ],
  },
  {
    first: 6,
    second: 8,
    proof: [
      '0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  },
  {
    first: 2,
    second: 5,
    proof: [
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
    ],
  },
];

const hex = (h: Hash) => h.toString('hex');

/** A tree built by appendLeaves in the given batches, its stored nodes in a map. */
function build(leaves: Buffer[], batches: number[]) {
  const stored = new Map<string, Hash>();
  const node = (k: NodeKey) => {
    const h = stored.get(nodeKey(k));
    if (!h) throw new Error(`node ${nodeKey(k)} not stored`);
    return h;
  };
  let size = 0;
  for (const n of batches) {
    const frontier = new Set(frontierOf(size).map(nodeKey));
    const fresh = appendLeaves(size, leaves.slice(size, size + n).map(leafHash), (k) => {
      // appendLeaves may only ask for what the sequencer reads: the old tree's right edge.
      if (!frontier.has(nodeKey(k))) throw new Error(`asked for ${nodeKey(k)}, not on the frontier of ${size}`);
      return node(k);
    });
    for (const f of fresh) stored.set(nodeKey(f), f.hash);
    size += n;
  }
  return { node, size };
}

/** RFC 6962's MTH written straight from its definition, to compare against on sizes the vectors do not cover. */
function mth(leaves: Buffer[]): Hash {
  if (leaves.length === 0) return createHash('sha256').digest();
  if (leaves.length === 1) return leafHash(leaves[0]!);
  let k = 1;
  while (k * 2 < leaves.length) k *= 2;
  return createHash('sha256')
    .update(Buffer.from([1]))
    .update(mth(leaves.slice(0, k)))
    .update(mth(leaves.slice(k)))
    .digest();
}

const vectorLeaves = LEAVES.map((l) => Buffer.from(l, 'hex'));

describe('the Merkle tree (RFC 6962 test vectors)', () => {
  it('hashes the empty tree as SHA-256 of nothing', () => {
    expect(hex(EMPTY_ROOT)).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(hex(rootOf(0, () => Buffer.alloc(0)))).toBe(hex(EMPTY_ROOT));
  });

  it('gives the root of every prefix of the eight leaves, whatever the batches they were added in', () => {
    for (const batches of [[8], [1, 1, 1, 1, 1, 1, 1, 1], [3, 5], [5, 2, 1], [2, 2, 4]]) {
      const { node } = build(vectorLeaves, batches);
      ROOTS.forEach((root, i) => expect(hex(rootOf(i + 1, node)), `size ${i + 1} in ${batches}`).toBe(root));
    }
  });

  it('gives the known inclusion proofs', () => {
    const { node } = build(vectorLeaves, [8]);
    for (const v of INCLUSION)
      expect(inclusionRanges(v.index, v.size).map((r) => hex(rangeHash(r, node)))).toEqual(v.path);
  });

  it('gives the known consistency proofs', () => {
    const { node } = build(vectorLeaves, [8]);
    for (const v of CONSISTENCY)
      expect(consistencyRanges(v.first, v.second).map((r) => hex(rangeHash(r, node)))).toEqual(v.proof);
  });

  it('agrees with MTH written from its definition on every size up to 70, added in uneven batches', () => {
    const leaves = Array.from({ length: 70 }, (_, i) => Buffer.from(`leaf ${i}`));
    const { node } = build(leaves, [1, 2, 3, 7, 1, 16, 9, 31]);
    for (let size = 1; size <= 70; size++) expect(hex(rootOf(size, node))).toBe(hex(mth(leaves.slice(0, size))));
  });

  it('refuses proofs outside the tree', () => {
    expect(() => inclusionRanges(3, 3)).toThrow();
    expect(() => consistencyRanges(5, 4)).toThrow();
  });
});

describe('the stored tiles (only levels that are multiples of TILE_LEVELS, leaves from their entries)', () => {
  const leaves = Array.from({ length: 300 }, (_, i) => Buffer.from(`entry ${i}`));
  // Every complete node, as appendLeaves makes them; the sequencer keeps only the stored levels of these.
  const { node: everyNode } = build(leaves, [1, 15, 1, 33, 64, 2, 100, 84]);
  const tiled = (k: NodeKey) =>
    hashUp(k, (b) => {
      if (b.level === 0) return leafHash(leaves[b.index]!);
      if (!storedLevel(b.level)) throw new Error(`asked for ${nodeKey(b)}, which is not stored`);
      return everyNode(b);
    });

  it('stores one level in TILE_LEVELS and hashes every other node up from at most 2^(TILE_LEVELS - 1) below', () => {
    expect(TILE_LEVELS).toBe(4);
    expect([0, 1, 3, 4, 5, 8, 12].map(storedLevel)).toEqual([false, false, false, true, false, true, true]);
    expect(tileBase({ level: 7, index: 2 })).toEqual(
      Array.from({ length: 8 }, (_, j) => ({ level: 4, index: 16 + j })),
    );
    expect(tileBase({ level: 8, index: 1 })).toEqual([{ level: 8, index: 1 }]);
    for (let level = 1; 2 ** level <= leaves.length; level++)
      for (let index = 0; (index + 1) * 2 ** level <= leaves.length; index++)
        expect(hex(tiled({ level, index })), `${level}:${index}`).toBe(hex(everyNode({ level, index })));
  });

  it('gives RFC 6962 roots and proofs across tile boundaries (sizes 1 to 300)', () => {
    for (let size = 1; size <= leaves.length; size++) {
      expect(hex(rootOf(size, tiled)), `root ${size}`).toBe(hex(mth(leaves.slice(0, size))));
      // Leaves either side of the 16- and 256-leaf tile boundaries, and the last one.
      for (const index of [0, 15, 16, 17, 255, 256, size - 1].filter((i) => i < size))
        expect(inclusionRanges(index, size).map((r) => hex(rangeHash(r, tiled)))).toEqual(
          inclusionRanges(index, size).map((r) => hex(rangeHash(r, everyNode))),
        );
      for (const first of [1, 15, 16, 17, 255, 256].filter((f) => f <= size))
        expect(consistencyRanges(first, size).map((r) => hex(rangeHash(r, tiled)))).toEqual(
          consistencyRanges(first, size).map((r) => hex(rangeHash(r, everyNode))),
        );
    }
  });
});
