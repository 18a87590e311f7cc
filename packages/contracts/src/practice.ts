import { z } from 'zod';

/** The practice account: virtual money (10,000 U to start), apart from the real balance. */
export const practiceAccountSchema = z.object({
  available: z.string(),
  frozen: z.string(),
  total: z.string(),
  /** What a reset brings the available balance back to. */
  start: z.string(),
  /** False once the user has reset today (platform time zone). */
  can_reset: z.boolean(),
});
export type PracticeAccount = z.infer<typeof practiceAccountSchema>;
