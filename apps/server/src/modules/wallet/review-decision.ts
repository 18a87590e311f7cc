import type { UserWording } from '../../platform/messaging/user-wording.ts';

/** An operator's decision on a deposit or withdrawal under review: by whom, why, and from where. */
export type Decision = { id: number; operator: string; reason: string; ip?: string };
/** A refusal: a decision, and the wording the user reads (a reply template in their language; the reason without one). */
export type Refusal = Decision & { wording?: UserWording | undefined };
