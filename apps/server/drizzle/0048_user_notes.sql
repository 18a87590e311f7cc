CREATE TABLE "user_notes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"operator" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_by" text,
	"removed_at" timestamp with time zone,
	"remove_reason" text,
	CONSTRAINT "user_notes_body" CHECK (length("user_notes"."body") between 1 and 1000),
	CONSTRAINT "user_notes_removed" CHECK (("user_notes"."removed_at" is null) = ("user_notes"."removed_by" is null))
);
--> statement-breakpoint
CREATE TABLE "user_tags" (
	"user_id" bigint NOT NULL,
	"tag" text NOT NULL,
	"added_by" text NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_tags_user_id_tag_pk" PRIMARY KEY("user_id","tag"),
	CONSTRAINT "user_tags_tag" CHECK ("user_tags"."tag" ~ '^[a-z0-9][a-z0-9-]{0,23}$')
);
--> statement-breakpoint
CREATE INDEX "user_notes_user_idx" ON "user_notes" USING btree ("user_id","id");