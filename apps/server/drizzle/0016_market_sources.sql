CREATE TABLE "feed_progress" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"recorded_through" bigint NOT NULL,
	"last_trade" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "price_ticks" ADD COLUMN "carried" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "source" text DEFAULT 'simulator' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "source_symbol" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "source_pinned" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "simulated" boolean GENERATED ALWAYS AS (source = 'simulator') STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "max_price_age_seconds" integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_source" CHECK ("products"."source" ~ '^[a-z][a-z0-9_]{1,31}$');--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_max_price_age" CHECK ("products"."max_price_age_seconds" between 2 and 3600);--> statement-breakpoint
-- Every product recorded so far is recorded through the feed's watermark, and its last trade is its latest tick.
INSERT INTO "feed_progress" ("product_id", "recorded_through", "last_trade")
SELECT p.id, f.watermark, (SELECT max(t.ts) FROM price_ticks t WHERE t.product_id = p.id)
FROM products p CROSS JOIN feed_state f WHERE f.id = 1;
