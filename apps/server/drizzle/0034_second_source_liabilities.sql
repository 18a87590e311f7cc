CREATE TABLE "liability_days" (
	"day" text PRIMARY KEY NOT NULL,
	"root_hash" "bytea" NOT NULL,
	"total" bigint NOT NULL,
	"leaves" integer NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "liability_leaves" (
	"day" text NOT NULL,
	"user_id" bigint NOT NULL,
	"idx" integer NOT NULL,
	CONSTRAINT "liability_leaves_day_user_id_pk" PRIMARY KEY("day","user_id")
);
--> statement-breakpoint
CREATE TABLE "liability_nodes" (
	"day" text NOT NULL,
	"level" smallint NOT NULL,
	"idx" integer NOT NULL,
	"hash" "bytea" NOT NULL,
	"sum" bigint NOT NULL,
	CONSTRAINT "liability_nodes_day_level_idx_pk" PRIMARY KEY("day","level","idx")
);
--> statement-breakpoint
CREATE TABLE "liability_secrets" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"secret" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reference_ticks" (
	"product_id" integer NOT NULL,
	"ts" bigint NOT NULL,
	"source" text NOT NULL,
	"price" bigint NOT NULL,
	"trade_id" text,
	CONSTRAINT "reference_ticks_product_id_ts_pk" PRIMARY KEY("product_id","ts"),
	CONSTRAINT "reference_ticks_positive" CHECK ("reference_ticks"."price" > 0)
);
--> statement-breakpoint
ALTER TABLE "feed_progress" ADD COLUMN "reference_through" bigint;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "reference_source" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "reference_symbol" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "reference_tolerance_bp" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "reference_max_age_seconds" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "contract_orders" ADD COLUMN "ref_source" text;--> statement-breakpoint
ALTER TABLE "contract_orders" ADD COLUMN "ref_tolerance_bp" integer;--> statement-breakpoint
ALTER TABLE "contract_orders" ADD COLUMN "ref_max_age_seconds" integer;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_reference_rule" CHECK (("products"."reference_source" is null) = ("products"."reference_tolerance_bp" is null) and coalesce("products"."reference_tolerance_bp", 0) between 0 and 10000 and "products"."reference_max_age_seconds" between 1 and 60);