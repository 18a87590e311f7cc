ALTER TABLE "login_failures" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "verification_codes" ADD COLUMN "ip" text;--> statement-breakpoint
CREATE INDEX "verification_codes_ip_idx" ON "verification_codes" USING btree ("ip","created_at");--> statement-breakpoint
-- Every row written before this column existed recorded a wrong answer.
UPDATE "login_failures" SET "checked_at" = "created_at";