-- Rows from before this migration cannot say which credential acted: they read 'unrecorded'; every new row names it.
ALTER TABLE "audit_log" ADD COLUMN "credential" text NOT NULL DEFAULT 'unrecorded';--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "credential" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "token_id" bigint;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_credential_check" CHECK ("audit_log"."credential" IN ('session', 'token', 'shared-token', 'sign-in', 'invitation', 'unrecorded'));
