import { z } from 'zod';
import { reasonSchema } from './admin.ts';

/**
 * Operators' notes and tags on a user: what one reviewer leaves for the next ("paid by a relative's card, checked
 * by phone"), and short labels the queues show beside the user ("vip", "watch"). Both are audited, and both are
 * in the user's own data export: a note is written to be read by the person it is about.
 */

/** A tag: lower-case letters, digits and dashes, as short as a label in a queue row. */
export const userTagSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9-]{0,23}$/);
export const USER_TAGS_MAX = 10;
export const USER_NOTE_MAX = 1000;

export const userTagEntrySchema = z.object({ tag: z.string(), added_by: z.string(), added_at: z.number().int() });
export const userNoteSchema = z.object({
  id: z.number().int(),
  operator: z.string(),
  body: z.string(),
  created_at: z.number().int(),
});
export type UserNote = z.infer<typeof userNoteSchema>;

/** A user's tags (oldest first) and notes (newest first; the latest 100, removed ones left out). */
export const adminUserNotesSchema = z.object({
  tags: z.array(userTagEntrySchema),
  notes: z.array(userNoteSchema),
});
export type AdminUserNotes = z.infer<typeof adminUserNotesSchema>;

/** A note is its own reason: the audit row carries its text. */
export const addUserNoteBodySchema = z.object({ body: z.string().trim().min(3).max(USER_NOTE_MAX) });
export const removeUserNoteBodySchema = z.object({ reason: reasonSchema });
export const userNoteParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
  note_id: z.coerce.number().int().positive(),
});
export const userTagBodySchema = z.object({ tag: userTagSchema, reason: reasonSchema });
