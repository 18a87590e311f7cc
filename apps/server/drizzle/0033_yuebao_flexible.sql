CREATE TABLE "invest_flex_accounts" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"earning" bigint DEFAULT 0 NOT NULL,
	"earning_day" integer NOT NULL,
	"accrued_through" integer NOT NULL,
	"carry" bigint DEFAULT 0 NOT NULL,
	"total_profit" bigint DEFAULT 0 NOT NULL,
	"out_day" integer DEFAULT 0 NOT NULL,
	"out_instant" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invest_flex_accounts_balance" CHECK ("invest_flex_accounts"."balance" >= 0 and "invest_flex_accounts"."earning" >= 0 and "invest_flex_accounts"."earning" <= "invest_flex_accounts"."balance"),
	CONSTRAINT "invest_flex_accounts_carry" CHECK ("invest_flex_accounts"."carry" >= 0 and "invest_flex_accounts"."carry" < 3650000),
	CONSTRAINT "invest_flex_accounts_days" CHECK ("invest_flex_accounts"."accrued_through" >= "invest_flex_accounts"."earning_day" - 1),
	CONSTRAINT "invest_flex_accounts_out" CHECK ("invest_flex_accounts"."out_instant" >= 0)
);
--> statement-breakpoint
CREATE TABLE "invest_flex_accruals" (
	"user_id" bigint NOT NULL,
	"day" integer NOT NULL,
	"base" bigint NOT NULL,
	"rate_bp" integer NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invest_flex_accruals_user_id_day_pk" PRIMARY KEY("user_id","day"),
	CONSTRAINT "invest_flex_accruals_amount" CHECK ("invest_flex_accruals"."amount" >= 0 and "invest_flex_accruals"."base" > 0)
);
--> statement-breakpoint
CREATE TABLE "invest_flex_moves" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"instant" bigint NOT NULL,
	"next_day" bigint DEFAULT 0 NOT NULL,
	"arrives_day" integer,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invest_flex_moves_kind" CHECK ("invest_flex_moves"."kind" in ('in','out')),
	CONSTRAINT "invest_flex_moves_status" CHECK ("invest_flex_moves"."status" in ('done','pending')),
	CONSTRAINT "invest_flex_moves_amounts" CHECK ("invest_flex_moves"."amount" > 0 and "invest_flex_moves"."instant" >= 0 and "invest_flex_moves"."next_day" >= 0 and "invest_flex_moves"."instant" + "invest_flex_moves"."next_day" = "invest_flex_moves"."amount" and ("invest_flex_moves"."next_day" = 0) = ("invest_flex_moves"."arrives_day" is null))
);
--> statement-breakpoint
CREATE TABLE "invest_flex_rates" (
	"effective_day" integer PRIMARY KEY NOT NULL,
	"rate_bp" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invest_flex_rates_rate" CHECK ("invest_flex_rates"."rate_bp" >= 0 and "invest_flex_rates"."rate_bp" <= 10000)
);
--> statement-breakpoint
CREATE TABLE "invest_flex_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"instant_out_daily" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invest_flex_settings_one" CHECK ("invest_flex_settings"."id" = 1),
	CONSTRAINT "invest_flex_settings_instant" CHECK ("invest_flex_settings"."instant_out_daily" >= 0)
);
--> statement-breakpoint
CREATE INDEX "invest_flex_accounts_due_idx" ON "invest_flex_accounts" USING btree ("accrued_through","user_id") WHERE "invest_flex_accounts"."balance" > 0;--> statement-breakpoint
CREATE INDEX "invest_flex_moves_user_idx" ON "invest_flex_moves" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "invest_flex_moves_due_idx" ON "invest_flex_moves" USING btree ("arrives_day","id") WHERE "invest_flex_moves"."status" = 'pending';