CREATE TABLE "content_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"slug" text NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"publish_at" timestamp with time zone DEFAULT now() NOT NULL,
	"link" text,
	"tone" text DEFAULT 'brand' NOT NULL,
	"activity_type" text,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"pinned" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_items_kind" CHECK ("content_items"."kind" in ('banner','notice','news','activity')),
	CONSTRAINT "content_items_state" CHECK ("content_items"."state" in ('draft','published','withdrawn')),
	CONSTRAINT "content_items_activity_type" CHECK (("content_items"."kind" = 'activity') = ("content_items"."activity_type" is not null) and ("content_items"."activity_type" is null or "content_items"."activity_type" in ('promotion','recharge'))),
	CONSTRAINT "content_items_link" CHECK ("content_items"."link" is null or "content_items"."link" ~ '^#/pages/[A-Za-z0-9/_?=&.-]*$')
);
--> statement-breakpoint
CREATE TABLE "content_translations" (
	"item_id" bigint NOT NULL,
	"lang" text NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_translations_item_id_lang_pk" PRIMARY KEY("item_id","lang"),
	CONSTRAINT "content_translations_lang" CHECK ("content_translations"."lang" in ('en','de','es','fr','hk','jp','kor','th','zh','vi')),
	CONSTRAINT "content_translations_title" CHECK (length("content_translations"."title") between 1 and 120)
);
--> statement-breakpoint
CREATE TABLE "engage_settings" (
	"name" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbox_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"reference" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkins" (
	"user_id" bigint NOT NULL,
	"day" integer NOT NULL,
	"amount" bigint NOT NULL,
	"streak" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkins_user_id_day_pk" PRIMARY KEY("user_id","day"),
	CONSTRAINT "checkins_amount" CHECK ("checkins"."amount" >= 0),
	CONSTRAINT "checkins_streak" CHECK ("checkins"."streak" >= 1)
);
--> statement-breakpoint
CREATE TABLE "support_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"author" text NOT NULL,
	"operator" text,
	"topic" text,
	"body" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_messages_author" CHECK ("support_messages"."author" in ('user','operator')),
	CONSTRAINT "support_messages_body" CHECK (length("support_messages"."body") between 1 and 2000),
	CONSTRAINT "support_messages_topic" CHECK ("support_messages"."topic" is null or "support_messages"."topic" in ('rewards','password','recharge','locked_data'))
);
--> statement-breakpoint
ALTER TABLE "content_translations" ADD CONSTRAINT "content_translations_item_id_content_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."content_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_items_slug_key" ON "content_items" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "content_items_feed_idx" ON "content_items" USING btree ("kind","state","publish_at");--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_messages_reference_key" ON "inbox_messages" USING btree ("user_id","reference");--> statement-breakpoint
CREATE INDEX "inbox_messages_user_idx" ON "inbox_messages" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "inbox_messages_unread_idx" ON "inbox_messages" USING btree ("user_id") WHERE "inbox_messages"."read_at" is null;--> statement-breakpoint
CREATE INDEX "support_messages_user_idx" ON "support_messages" USING btree ("user_id","id");