// No zod here: the remotes import this file by its own path (@app/contracts/cursor-paging), so a list's paging does
// not bring the contracts' schemas into a page's first load.

/**
 * A client's infinite list over a keyset-paged endpoint: the first page without a cursor, each next one from the
 * cursor the page before handed out, so rows added meanwhile never put a row on two pages or on none.
 */
export const cursorPaging = {
  initialPageParam: '',
  getNextPageParam: (last: { next: string | null }) => last.next ?? undefined,
};

/** The query parameter of one page of such a list (none for the first). */
export const cursorParam = (pageParam: string): { cursor?: string } => (pageParam ? { cursor: pageParam } : {});
