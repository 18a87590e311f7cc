CREATE TABLE "candles" (
	"product_id" integer NOT NULL,
	"interval" text NOT NULL,
	"t" bigint NOT NULL,
	"o" bigint NOT NULL,
	"h" bigint NOT NULL,
	"l" bigint NOT NULL,
	"c" bigint NOT NULL,
	"v" bigint NOT NULL,
	CONSTRAINT "candles_product_id_interval_t_pk" PRIMARY KEY("product_id","interval","t")
);
--> statement-breakpoint
CREATE TABLE "contract_terms" (
	"product_id" integer NOT NULL,
	"seconds" integer NOT NULL,
	"payout_bp" integer NOT NULL,
	"loss_bp" integer DEFAULT 10000 NOT NULL,
	"fee_bp" integer DEFAULT 0 NOT NULL,
	"min_stake" bigint NOT NULL,
	"max_stake" bigint NOT NULL,
	"max_open_stake" bigint NOT NULL,
	"presets" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_terms_product_id_seconds_pk" PRIMARY KEY("product_id","seconds"),
	CONSTRAINT "contract_terms_seconds" CHECK ("contract_terms"."seconds" between 5 and 3600),
	CONSTRAINT "contract_terms_rates" CHECK ("contract_terms"."payout_bp" between 0 and 100000 and "contract_terms"."loss_bp" between 0 and 10000 and "contract_terms"."fee_bp" between 0 and 10000),
	CONSTRAINT "contract_terms_stakes" CHECK ("contract_terms"."min_stake" > 0 and "contract_terms"."max_stake" >= "contract_terms"."min_stake" and "contract_terms"."max_open_stake" >= "contract_terms"."max_stake")
);
--> statement-breakpoint
CREATE TABLE "feed_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"feed" text NOT NULL,
	"seed" text NOT NULL,
	"watermark" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_ticks" (
	"product_id" integer NOT NULL,
	"ts" bigint NOT NULL,
	"price" bigint NOT NULL,
	"volume" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "price_ticks_product_id_ts_pk" PRIMARY KEY("product_id","ts"),
	CONSTRAINT "price_ticks_positive" CHECK ("price_ticks"."price" > 0)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"symbol" text NOT NULL,
	"name" text NOT NULL,
	"class" text NOT NULL,
	"precision" integer NOT NULL,
	"session" text NOT NULL,
	"volatility_bp" integer NOT NULL,
	"seed_price" bigint NOT NULL,
	"hot" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"forbidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_class" CHECK ("products"."class" in ('forex','metals','futures','stocks','crypto')),
	CONSTRAINT "products_precision" CHECK ("products"."precision" between 0 and 8)
);
--> statement-breakpoint
CREATE TABLE "contract_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"product_id" integer NOT NULL,
	"direction" text NOT NULL,
	"stake" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"seconds" integer NOT NULL,
	"payout_bp" integer NOT NULL,
	"loss_bp" integer NOT NULL,
	"fee_bp" integer NOT NULL,
	"open_time" bigint NOT NULL,
	"open_price" bigint NOT NULL,
	"settle_time" bigint NOT NULL,
	"settle_tick_time" bigint,
	"settle_price" bigint,
	"status" text DEFAULT 'open' NOT NULL,
	"result" text,
	"payout" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "contract_orders_direction" CHECK ("contract_orders"."direction" in ('up','down')),
	CONSTRAINT "contract_orders_status" CHECK ("contract_orders"."status" in ('open','settled')),
	CONSTRAINT "contract_orders_result" CHECK (("contract_orders"."status" = 'open') = ("contract_orders"."result" is null)),
	CONSTRAINT "contract_orders_settle_time" CHECK ("contract_orders"."settle_time" = "contract_orders"."open_time" + "contract_orders"."seconds")
);
--> statement-breakpoint
ALTER TABLE "contract_terms" ADD CONSTRAINT "contract_terms_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "products_symbol_key" ON "products" USING btree ("symbol");--> statement-breakpoint
CREATE INDEX "contract_orders_user_idx" ON "contract_orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "contract_orders_due_idx" ON "contract_orders" USING btree ("settle_time") WHERE "contract_orders"."status" = 'open';--> statement-breakpoint
CREATE INDEX "contract_orders_user_open_idx" ON "contract_orders" USING btree ("user_id","product_id") WHERE "contract_orders"."status" = 'open';