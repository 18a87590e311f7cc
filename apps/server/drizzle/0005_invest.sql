CREATE TABLE "invest_accruals" (
	"lot_id" bigint NOT NULL,
	"day" integer NOT NULL,
	"holding_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"held" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invest_accruals_lot_id_day_pk" PRIMARY KEY("lot_id","day"),
	CONSTRAINT "invest_accruals_amount" CHECK ("invest_accruals"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "invest_holdings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"plan_id" bigint NOT NULL,
	"title" text NOT NULL,
	"status" integer NOT NULL,
	"rate_bp" integer NOT NULL,
	"expected_rate_bp" integer,
	"period_days" integer NOT NULL,
	"early_exit_rate_bp" integer NOT NULL,
	"share_type" text NOT NULL,
	"committed_amount" bigint,
	"min_amount" bigint NOT NULL,
	"personal_cap" bigint,
	"first_day" integer NOT NULL,
	"last_day" integer NOT NULL,
	"renew" integer DEFAULT 0 NOT NULL,
	"renew_rate_bp" integer,
	"cycle" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "invest_holdings_status" CHECK ("invest_holdings"."status" in (1,2,3))
);
--> statement-breakpoint
CREATE TABLE "invest_lots" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"holding_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"principal" bigint NOT NULL,
	"rate_bp" integer NOT NULL,
	"first_day" integer NOT NULL,
	"last_day" integer NOT NULL,
	"accrued_through" integer NOT NULL,
	"accrued" bigint DEFAULT 0 NOT NULL,
	"held" bigint DEFAULT 0 NOT NULL,
	"open" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invest_lots_kind" CHECK ("invest_lots"."kind" in ('buy','topup','renew')),
	CONSTRAINT "invest_lots_principal" CHECK ("invest_lots"."principal" > 0),
	CONSTRAINT "invest_lots_days" CHECK ("invest_lots"."last_day" >= "invest_lots"."first_day" and "invest_lots"."accrued_through" >= "invest_lots"."first_day" - 1 and "invest_lots"."accrued_through" <= "invest_lots"."last_day"),
	CONSTRAINT "invest_lots_held" CHECK ("invest_lots"."held" >= 0 and "invest_lots"."held" <= "invest_lots"."accrued")
);
--> statement-breakpoint
CREATE TABLE "invest_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"holding_id" bigint NOT NULL,
	"plan_id" bigint NOT NULL,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"interest" bigint DEFAULT 0 NOT NULL,
	"forfeited" bigint DEFAULT 0 NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invest_orders_kind" CHECK ("invest_orders"."kind" in ('buy','topup','renew','payout','stop','maturity'))
);
--> statement-breakpoint
CREATE TABLE "invest_plans" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"subscribe_from" bigint NOT NULL,
	"subscribe_to" bigint NOT NULL,
	"min_amount" bigint NOT NULL,
	"start_amount" bigint NOT NULL,
	"committed_amount" bigint,
	"rate_bp" integer NOT NULL,
	"expected_rate_bp" integer,
	"period_days" integer NOT NULL,
	"early_exit_rate_bp" integer DEFAULT 0 NOT NULL,
	"share_type" text NOT NULL,
	"cap" bigint NOT NULL,
	"invested" bigint DEFAULT 0 NOT NULL,
	"personal_cap" bigint,
	"purchased_count" integer DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invest_plans_capacity" CHECK ("invest_plans"."invested" >= 0 and "invest_plans"."invested" <= "invest_plans"."cap"),
	CONSTRAINT "invest_plans_share_type" CHECK ("invest_plans"."share_type" in ('daily','maturity')),
	CONSTRAINT "invest_plans_state" CHECK ("invest_plans"."state" in ('active','paused','closed')),
	CONSTRAINT "invest_plans_amounts" CHECK ("invest_plans"."min_amount" > 0 and "invest_plans"."start_amount" >= "invest_plans"."min_amount" and ("invest_plans"."committed_amount" is null or "invest_plans"."committed_amount" > "invest_plans"."start_amount")),
	CONSTRAINT "invest_plans_rates" CHECK ("invest_plans"."rate_bp" > 0 and "invest_plans"."early_exit_rate_bp" >= 0 and "invest_plans"."early_exit_rate_bp" <= "invest_plans"."rate_bp"),
	CONSTRAINT "invest_plans_period" CHECK ("invest_plans"."period_days" between 1 and 3650)
);
--> statement-breakpoint
ALTER TABLE "invest_accruals" ADD CONSTRAINT "invest_accruals_lot_id_invest_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."invest_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invest_holdings" ADD CONSTRAINT "invest_holdings_plan_id_invest_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."invest_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invest_lots" ADD CONSTRAINT "invest_lots_holding_id_invest_holdings_id_fk" FOREIGN KEY ("holding_id") REFERENCES "public"."invest_holdings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invest_orders" ADD CONSTRAINT "invest_orders_holding_id_invest_holdings_id_fk" FOREIGN KEY ("holding_id") REFERENCES "public"."invest_holdings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invest_accruals_holding_idx" ON "invest_accruals" USING btree ("holding_id","day");--> statement-breakpoint
CREATE INDEX "invest_accruals_user_day_idx" ON "invest_accruals" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "invest_holdings_user_idx" ON "invest_holdings" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "invest_holdings_live_key" ON "invest_holdings" USING btree ("user_id","plan_id") WHERE "invest_holdings"."status" <> 2;--> statement-breakpoint
CREATE INDEX "invest_holdings_due_idx" ON "invest_holdings" USING btree ("last_day") WHERE "invest_holdings"."status" <> 2;--> statement-breakpoint
CREATE INDEX "invest_lots_holding_idx" ON "invest_lots" USING btree ("holding_id");--> statement-breakpoint
CREATE INDEX "invest_lots_due_idx" ON "invest_lots" USING btree ("id") WHERE "invest_lots"."open" = 1 and "invest_lots"."accrued_through" < "invest_lots"."last_day";--> statement-breakpoint
CREATE INDEX "invest_orders_user_idx" ON "invest_orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "invest_orders_reference_key" ON "invest_orders" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "invest_plans_slug_key" ON "invest_plans" USING btree ("slug");