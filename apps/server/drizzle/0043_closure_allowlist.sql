CREATE TABLE "withdraw_allowlists" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"on_since" timestamp with time zone DEFAULT now() NOT NULL,
	"off_requested_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "closed_at" timestamp with time zone;