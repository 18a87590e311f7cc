/**
 * One check for every caller that asks while it is out, and its success for `freshMs` after; a failure is kept
 * for no one (the next caller checks again).
 */
export function sharedCheck(check: () => Promise<unknown>, freshMs: number): () => Promise<void> {
  let pending: Promise<void> | null = null;
  let succeededAt = -Infinity;
  return async () => {
    if (Date.now() - succeededAt < freshMs) return;
    pending ??= check()
      .then(() => {
        succeededAt = Date.now();
      })
      .finally(() => {
        pending = null;
      });
    await pending;
  };
}
