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
CREATE TABLE "invite_bonuses" (
	"invitee_id" bigint PRIMARY KEY NOT NULL,
	"inviter_id" bigint NOT NULL,
	"condition" text NOT NULL,
	"amount" bigint NOT NULL,
	"deposit_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invite_bonuses_amount" CHECK ("invite_bonuses"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "invite_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"bonus_amount" bigint DEFAULT 0 NOT NULL,
	"condition" text DEFAULT 'real_name' NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invite_settings_single" CHECK ("invite_settings"."id" = 1),
	CONSTRAINT "invite_settings_amount" CHECK ("invite_settings"."bonus_amount" >= 0),
	CONSTRAINT "invite_settings_condition" CHECK ("invite_settings"."condition" in ('real_name','first_deposit'))
);
--> statement-breakpoint
CREATE TABLE "login_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"session_id" bigint,
	"kind" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "kyc_submissions_user_idx" ON "kyc_submissions" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "kyc_submissions_state_idx" ON "kyc_submissions" USING btree ("state","id");--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_submissions_live_doc_key" ON "kyc_submissions" USING btree ("doc_hash") WHERE "kyc_submissions"."state" in ('pending','approved');--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_submissions_live_user_key" ON "kyc_submissions" USING btree ("user_id") WHERE "kyc_submissions"."state" in ('pending','approved');--> statement-breakpoint
CREATE INDEX "invite_bonuses_inviter_idx" ON "invite_bonuses" USING btree ("inviter_id","created_at");--> statement-breakpoint
CREATE INDEX "login_records_user_idx" ON "login_records" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "login_records_session_idx" ON "login_records" USING btree ("session_id");