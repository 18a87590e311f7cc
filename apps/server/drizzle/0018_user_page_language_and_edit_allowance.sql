ALTER TABLE "users" ADD COLUMN "lang" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "edit_allowed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "edit_allowed_by" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_lang" CHECK ("users"."lang" in ('en','de','es','fr','hk','jp','kor','th','zh','vi'));
