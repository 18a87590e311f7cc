CREATE TABLE "uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"purpose" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"sha256" text NOT NULL,
	"data" "bytea",
	"store_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_mime" CHECK ("uploads"."mime" in ('image/jpeg','image/png','image/webp')),
	CONSTRAINT "uploads_where" CHECK ("uploads"."data" is not null or "uploads"."store_key" is not null)
);
--> statement-breakpoint
CREATE TABLE "deposits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"class" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 3 NOT NULL,
	"channel_id" integer,
	"channel_kind" text NOT NULL,
	"channel_name" text NOT NULL,
	"amount" bigint NOT NULL,
	"bonus_bp" integer DEFAULT 0 NOT NULL,
	"payer_name" text,
	"transfer_note" text,
	"reference_code" text NOT NULL,
	"upload_id" text,
	"image_sha256" text,
	"parent_id" bigint,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"reason" text,
	"audited_by" text,
	"audited_at" timestamp with time zone,
	"audit_reason" text,
	"credited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposits_status" CHECK ("deposits"."status" in (1,2,3,4)),
	CONSTRAINT "deposits_class" CHECK ("deposits"."class" in (0,1,2,3)),
	CONSTRAINT "deposits_amount" CHECK ("deposits"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "exchange_quotes" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"direction" text NOT NULL,
	"coin" text NOT NULL,
	"product_id" integer NOT NULL,
	"price" bigint NOT NULL,
	"price_precision" integer NOT NULL,
	"price_time" bigint NOT NULL,
	"cash_amount" bigint NOT NULL,
	"coin_amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"fee_bp" integer NOT NULL,
	"expires_at" bigint NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_quotes_direction" CHECK ("exchange_quotes"."direction" in ('buy','sell'))
);
--> statement-breakpoint
CREATE TABLE "exchanges" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"quote_id" text NOT NULL,
	"direction" text NOT NULL,
	"coin" text NOT NULL,
	"price" bigint NOT NULL,
	"price_precision" integer NOT NULL,
	"cash_amount" bigint NOT NULL,
	"coin_amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_fund_password_marks" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"hash_seen" text NOT NULL,
	"changed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"account" text NOT NULL,
	"holder" text,
	"bank_name" text,
	"branch" text,
	"currency" text,
	"network" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "payment_methods_kind" CHECK ("payment_methods"."kind" in ('bank','crypto','alipay','wechat'))
);
--> statement-breakpoint
CREATE TABLE "recharge_channels" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"bank_name" text,
	"account" text,
	"holder" text,
	"currency" text,
	"network" text,
	"address" text,
	"min_amount" bigint NOT NULL,
	"max_amount" bigint NOT NULL,
	"bonus_bp" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"seed_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recharge_channels_kind" CHECK ("recharge_channels"."kind" in ('bank','crypto','alipay','wechat')),
	CONSTRAINT "recharge_channels_bounds" CHECK ("recharge_channels"."min_amount" > 0 and "recharge_channels"."max_amount" >= "recharge_channels"."min_amount"),
	CONSTRAINT "recharge_channels_bonus" CHECK ("recharge_channels"."bonus_bp" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "wallet_settings" (
	"name" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"method_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"destination" text NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"received" bigint NOT NULL,
	"status" integer DEFAULT 3 NOT NULL,
	"first_approved_by" text,
	"first_approved_at" timestamp with time zone,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawals_status" CHECK ("withdrawals"."status" in (1,2,3)),
	CONSTRAINT "withdrawals_amounts" CHECK ("withdrawals"."amount" > 0 and "withdrawals"."fee" >= 0 and "withdrawals"."received" = "withdrawals"."amount" - "withdrawals"."fee")
);
--> statement-breakpoint
CREATE INDEX "uploads_user_idx" ON "uploads" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "uploads_sha_idx" ON "uploads" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "deposits_user_idx" ON "deposits" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "deposits_status_idx" ON "deposits" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "deposits_image_idx" ON "deposits" USING btree ("image_sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_reference_key" ON "deposits" USING btree ("reference_code");--> statement-breakpoint
CREATE INDEX "exchange_quotes_user_idx" ON "exchange_quotes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "exchanges_user_idx" ON "exchanges" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "exchanges_quote_key" ON "exchanges" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "payment_methods_user_idx" ON "payment_methods" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_card_key" ON "payment_methods" USING btree ("account") WHERE "payment_methods"."kind" = 'bank' and "payment_methods"."removed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_wallet_key" ON "payment_methods" USING btree ("user_id","network","account") WHERE "payment_methods"."kind" = 'crypto' and "payment_methods"."removed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "recharge_channels_seed_key" ON "recharge_channels" USING btree ("seed_key");--> statement-breakpoint
CREATE INDEX "withdrawals_user_idx" ON "withdrawals" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "withdrawals_status_idx" ON "withdrawals" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "withdrawals_method_idx" ON "withdrawals" USING btree ("method_id") WHERE "withdrawals"."status" = 3;