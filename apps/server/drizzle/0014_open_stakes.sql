CREATE TABLE "open_stakes" (
	"user_id" bigint NOT NULL,
	"product_id" integer NOT NULL,
	"mode" text NOT NULL,
	"stake" bigint NOT NULL,
	CONSTRAINT "open_stakes_user_id_product_id_mode_pk" PRIMARY KEY("user_id","product_id","mode"),
	CONSTRAINT "open_stakes_not_negative" CHECK ("open_stakes"."stake" >= 0)
);
--> statement-breakpoint
-- Orders already open when the row was introduced.
INSERT INTO "open_stakes" ("user_id", "product_id", "mode", "stake")
SELECT "user_id", "product_id", "mode", sum("stake") FROM "contract_orders" WHERE "status" = 'open' GROUP BY 1, 2, 3;
