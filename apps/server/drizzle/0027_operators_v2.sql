-- Rows from before this migration cannot say which credential acted: they read 'unrecorded'; every new row names it.
ALTER TABLE "audit_log" ADD COLUMN "credential" text NOT NULL DEFAULT 'unrecorded';--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "credential" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "token_id" bigint;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_credential_check" CHECK ("audit_log"."credential" IN ('session', 'token', 'shared-token', 'sign-in', 'invitation', 'unrecorded'));--> statement-breakpoint
CREATE TABLE "held_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"target" text NOT NULL,
	"permission" text NOT NULL,
	"change" jsonb NOT NULL,
	"fields" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"proposed_by" text NOT NULL,
	"proposal_reason" text NOT NULL,
	"decided_by" text,
	"decision_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "held_changes_status_check" CHECK ("held_changes"."status" IN ('pending', 'applied', 'refused'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "held_changes_pending_target_key" ON "held_changes" USING btree ("target") WHERE "held_changes"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "held_changes_status_idx" ON "held_changes" USING btree ("status","id");
