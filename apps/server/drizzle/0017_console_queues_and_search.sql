CREATE TABLE "support_conversations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint,
	"phone" text,
	"phone_verified_at" timestamp with time zone,
	"ticket_hash" text,
	"ticket_expires_at" timestamp with time zone,
	"state" text DEFAULT 'open' NOT NULL,
	"assigned_to" text,
	"last_author" text DEFAULT 'user' NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_conversations_state" CHECK ("support_conversations"."state" in ('open','closed')),
	CONSTRAINT "support_conversations_owner" CHECK ("support_conversations"."user_id" is not null or "support_conversations"."phone" is not null),
	CONSTRAINT "support_conversations_last_author" CHECK ("support_conversations"."last_author" in ('user','operator'))
);
--> statement-breakpoint
DROP INDEX "audit_log_target_idx";--> statement-breakpoint
ALTER TABLE "support_messages" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "support_messages" ADD COLUMN "conversation_id" bigint;--> statement-breakpoint
-- Each user who has written so far gets the conversation their messages were (one per user), in the state they
-- left it: awaiting an answer when the user wrote last.
INSERT INTO "support_conversations" ("user_id", "last_author", "last_message_at", "created_at")
SELECT DISTINCT ON ("user_id") "user_id", "author", "created_at",
  (SELECT min("created_at") FROM "support_messages" f WHERE f."user_id" = m."user_id")
FROM "support_messages" m ORDER BY "user_id", "id" DESC;--> statement-breakpoint
UPDATE "support_messages" m SET "conversation_id" = c."id" FROM "support_conversations" c WHERE c."user_id" = m."user_id";--> statement-breakpoint
ALTER TABLE "support_messages" ALTER COLUMN "conversation_id" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "support_conversations_user_key" ON "support_conversations" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "support_conversations_guest_phone_key" ON "support_conversations" USING btree ("phone") WHERE "support_conversations"."user_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "support_conversations_ticket_key" ON "support_conversations" USING btree ("ticket_hash");--> statement-breakpoint
CREATE INDEX "support_conversations_queue_idx" ON "support_conversations" USING btree ("state","last_message_at");--> statement-breakpoint
CREATE INDEX "contract_orders_created_idx" ON "contract_orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "support_messages_conversation_idx" ON "support_messages" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE INDEX "deposits_created_idx" ON "deposits" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_created_idx" ON "withdrawals" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_operator_idx" ON "audit_log" USING btree ("operator","id");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action" text_pattern_ops,"id");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target" text_pattern_ops,"id");
