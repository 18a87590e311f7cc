/**
 * A queue's waiting items as the console's live view counts them: how many, and a mark of the newest. `by` counts
 * those each operator made or first-approved, for a queue of second approvals: those do not wait for that operator.
 */
export type Waiting = { count: number; latest: number; by?: Record<string, number> };

/** Rows of (operator, n) as a `by` map. */
export const countsByOperator = (rows: { who: string; n: string | number }[]): Record<string, number> =>
  Object.fromEntries(rows.map((r) => [r.who, Number(r.n)]));
