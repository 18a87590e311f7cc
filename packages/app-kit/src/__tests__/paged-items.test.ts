import { describe, expect, it } from 'vitest';
import { pagedItems } from '../paged-list/paged-items.ts';

describe('pagedItems', () => {
  it('shows an item once when offset pages overlap after the list shifted', () => {
    const pages = [{ items: [{ id: 3 }, { id: 2 }] }, { items: [{ id: 2 }, { id: 1 }] }];
    expect(pagedItems(pages).map((x) => x.id)).toEqual([3, 2, 1]);
    expect(pagedItems(undefined)).toEqual([]);
  });

  it('keys by what the caller says is one item: an order and a plan may share an id', () => {
    const pages = [
      {
        items: [
          { kind: 'order', id: 1 },
          { kind: 'plan', id: 1 },
        ],
      },
      { items: [{ kind: 'plan', id: 1 }] },
    ];
    expect(pagedItems(pages, (x) => `${x.kind}:${x.id}`)).toEqual([
      { kind: 'order', id: 1 },
      { kind: 'plan', id: 1 },
    ]);
  });
});
