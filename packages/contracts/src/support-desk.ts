import { z } from 'zod';
import { reasonSchema } from './admin.ts';
import { templateIdSchema } from './reply-templates.ts';
import { supportMessageSchema, supportSendBodySchema } from './content.ts';
import { phone, verificationCode } from './fields.ts';
import { pageQuerySchema } from './page.ts';

/**
 * The customer-service desk: conversations with users (signed in) and with people who cannot sign in (a
 * conversation tied to a phone number they proved with an SMS code), the operators' queue over both.
 */

/** open: nobody has taken it; assigned: an operator has; closed: done (a new message opens it again). */
export const SUPPORT_QUEUE_STATES = ['open', 'assigned', 'closed'] as const;
export const supportQueueStateSchema = z.enum(SUPPORT_QUEUE_STATES);
export type SupportQueueState = z.infer<typeof supportQueueStateSchema>;

export const adminSupportConversationItemSchema = z.object({
  id: z.number().int(),
  state: supportQueueStateSchema,
  assigned_to: z.string().nullable(),
  /** The signed-in user it belongs to; null for a logged-out conversation. */
  user_id: z.number().int().nullable(),
  account: z.string().nullable(),
  /** A logged-out conversation: the phone number its writer proved by SMS code. */
  phone: z.string().nullable(),
  phone_verified: z.boolean(),
  /** A logged-out conversation whose phone is an account's phone: which user (the operator checks it is them). */
  matched_user: z.object({ id: z.number().int(), account: z.string() }).nullable(),
  /** The user (or guest) wrote last. */
  awaiting_answer: z.boolean(),
  /** The start of the latest message. */
  last: z.string(),
  last_at: z.number().int(),
  created_at: z.number().int(),
});
export type AdminSupportConversationItem = z.infer<typeof adminSupportConversationItemSchema>;

export const adminSupportQueueQuerySchema = z.object({
  state: supportQueueStateSchema.optional(),
  /** Only those assigned to this operator. */
  assignee: z.string().trim().min(1).max(64).optional(),
  ...pageQuerySchema({ maxSize: 200, defaultSize: 50 }).shape,
});
export type AdminSupportQueueQuery = z.input<typeof adminSupportQueueQuerySchema>;
export const adminSupportQueueSchema = z.object({
  items: z.array(adminSupportConversationItemSchema),
  total: z.number().int(),
  page: z.number().int(),
});
export type AdminSupportQueue = z.infer<typeof adminSupportQueueSchema>;
export const adminSupportExportSchema = z.object({
  state: supportQueueStateSchema.optional(),
  reason: reasonSchema,
});

/** Operators: a message of a conversation, with the operator who wrote an answer (null for the user's). */
export const adminSupportMessageSchema = supportMessageSchema.extend({ operator: z.string().nullable() });
export type AdminSupportMessage = z.infer<typeof adminSupportMessageSchema>;
export const adminSupportThreadSchema = z.object({
  conversation: adminSupportConversationItemSchema,
  messages: z.array(adminSupportMessageSchema),
});
export type AdminSupportThread = z.infer<typeof adminSupportThreadSchema>;

/**
 * An answer: the operator's own text, or a reply template (`template_id`) that the server renders in the user's
 * language (English for a logged-out writer, whose language it does not know). One of the two, never both.
 */
export const adminSupportReplyBodySchema = z
  .object({ body: z.string().trim().min(1).max(2000).optional(), template_id: templateIdSchema.optional() })
  .superRefine((b, ctx) => {
    if (b.body === undefined && b.template_id === undefined)
      ctx.addIssue({ code: 'custom', message: 'please_fill_in', path: ['body'] });
    if (b.body !== undefined && b.template_id !== undefined)
      ctx.addIssue({ code: 'custom', message: 'invalid_request', path: ['template_id'] });
  });
/** Assign to an operator by name (oneself or another with the support permission). */
export const adminSupportAssignBodySchema = z.object({
  operator: z.string().trim().min(1).max(64),
  reason: reasonSchema,
});
export const adminSupportCloseBodySchema = z.object({ reason: reasonSchema });

/** Logged out: prove the phone with the code sent to it (purpose `support`). */
export const guestSupportVerifyBodySchema = z.object({ phone, code: verificationCode });
/** The ticket that opens the conversation for a day; sent back as the `x-support-ticket` header. */
export const guestSupportTicketSchema = z.object({ ticket: z.string(), expires_at: z.number().int() });
export type GuestSupportTicket = z.infer<typeof guestSupportTicketSchema>;
export const guestSupportSendBodySchema = supportSendBodySchema.pick({ body: true });
export const guestSupportConversationSchema = z.object({
  phone: z.string(),
  items: z.array(supportMessageSchema),
});
export type GuestSupportConversation = z.infer<typeof guestSupportConversationSchema>;
