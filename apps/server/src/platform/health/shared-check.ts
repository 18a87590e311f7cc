/** A check shared by its callers; `fresh()` tells, without a promise, that its last success still stands. */
export type SharedCheck = { (): Promise<void>; fresh(): boolean };

/**
 * One check for every caller that asks while it is out, and its success for `freshMs` after; a failure is kept
 * for no one (the next caller checks again).
 */
export function sharedCheck(check: () => Promise<unknown>, freshMs: number): SharedCheck {
  let pending: Promise<void> | null = null;
  let succeededAt = -Infinity;
  const fresh = () => Date.now() - succeededAt < freshMs;
  const run = async () => {
    if (fresh()) return;
    pending ??= check()
      .then(() => {
        succeededAt = Date.now();
      })
      .finally(() => {
        pending = null;
      });
    await pending;
  };
  return Object.assign(run, { fresh });
}
