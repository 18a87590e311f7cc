CREATE TABLE "kyc_submissions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"real_name" text NOT NULL,
	"doc_type" text NOT NULL,
	"doc_cipher" "bytea" NOT NULL,
	"doc_hash" text NOT NULL,
	"doc_masked" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kyc_submissions_state" CHECK ("kyc_submissions"."state" in ('pending','approved','refused')),
	CONSTRAINT "kyc_submissions_doc_type" CHECK ("kyc_submissions"."doc_type" in ('cn_id','passport')),
	CONSTRAINT "kyc_submissions_refusal_reason" CHECK ("kyc_submissions"."state" <> 'refused' or "kyc_submissions"."reason" is not null)
);
--> statement-breakpoint
CREATE TABLE "user_avatars" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"upload_id" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "kyc_submissions_user_idx" ON "kyc_submissions" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "kyc_submissions_state_idx" ON "kyc_submissions" USING btree ("state","id");--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_submissions_live_doc_key" ON "kyc_submissions" USING btree ("doc_hash") WHERE "kyc_submissions"."state" in ('pending','approved');--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_submissions_live_user_key" ON "kyc_submissions" USING btree ("user_id") WHERE "kyc_submissions"."state" in ('pending','approved');