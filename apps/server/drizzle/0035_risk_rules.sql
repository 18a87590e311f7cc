CREATE TABLE "risk_flags" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"item_kind" text NOT NULL,
	"item_id" bigint NOT NULL,
	"rule" text NOT NULL,
	"details" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "risk_flags_item_kind" CHECK ("risk_flags"."item_kind" in ('deposit', 'withdrawal'))
);
--> statement-breakpoint
CREATE TABLE "risk_rules" (
	"rule" text PRIMARY KEY NOT NULL,
	"threshold" bigint NOT NULL,
	"window_seconds" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "risk_flags_user_idx" ON "risk_flags" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "risk_flags_item_idx" ON "risk_flags" USING btree ("item_kind","item_id");--> statement-breakpoint
CREATE INDEX "risk_flags_rule_idx" ON "risk_flags" USING btree ("rule","id");