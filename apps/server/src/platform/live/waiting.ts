/** A queue's waiting items as the console's live view counts them: how many, and a mark of the newest. */
export type Waiting = { count: number; latest: number };
