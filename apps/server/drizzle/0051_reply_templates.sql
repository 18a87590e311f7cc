-- Reply templates (issue #42): operators' named wordings with a text per app language, offered when refusing a
-- deposit, a withdrawal or a real-name request and when answering support; the server renders one in the user's
-- language. A new table only (expand).
CREATE TABLE "reply_templates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"uses" text[] NOT NULL,
	"texts" jsonb NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_by" text,
	"removed_at" timestamp with time zone,
	CONSTRAINT "reply_templates_name" CHECK (length("reply_templates"."name") between 2 and 64),
	CONSTRAINT "reply_templates_uses" CHECK (cardinality("reply_templates"."uses") >= 1 and "reply_templates"."uses" <@ array['deposit_refuse','withdrawal_refuse','kyc_refuse','support_reply']::text[]),
	CONSTRAINT "reply_templates_english" CHECK (jsonb_typeof("reply_templates"."texts" -> 'en') = 'string'),
	CONSTRAINT "reply_templates_removed" CHECK (("reply_templates"."removed_at" is null) = ("reply_templates"."removed_by" is null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "reply_templates_name_key" ON "reply_templates" USING btree (lower("name")) WHERE "reply_templates"."removed_at" is null;