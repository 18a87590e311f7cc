CREATE TABLE "self_freezes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"session_id" bigint,
	"ip" text,
	"already_frozen_since" timestamp with time zone,
	"signed_out" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "self_freezes_user_idx" ON "self_freezes" USING btree ("user_id","id");--> statement-breakpoint
-- The users' own freezes from before this table, as the inbox recorded them: a press wrote one message, at the
-- press, referenced `freeze:<epoch second of the freeze in effect>` (pressing again within one freeze wrote none).
-- A second other than the press's own is a freeze that was on already (an operator's); its time was kept.
INSERT INTO "self_freezes" ("user_id", "already_frozen_since", "created_at")
SELECT "user_id",
       CASE WHEN split_part("reference", ':', 2)::bigint <> floor(extract(epoch FROM "created_at"))::bigint
            THEN to_timestamp(split_part("reference", ':', 2)::bigint) END,
       "created_at"
FROM "inbox_messages"
WHERE "kind" = 'account_frozen' AND "reference" ~ '^freeze:[0-9]+$'
ORDER BY "created_at", "id";
