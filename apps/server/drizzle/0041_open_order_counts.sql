ALTER TABLE "open_stakes" ADD COLUMN "orders" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "open_stakes" ADD CONSTRAINT "open_stakes_orders_not_negative" CHECK ("open_stakes"."orders" >= 0);--> statement-breakpoint
-- The open orders each row's stake is of, counted once; from here on opening and settling keep it.
UPDATE "open_stakes" s SET "orders" = o.n
FROM (SELECT user_id, product_id, mode, count(*) AS n FROM "contract_orders" WHERE status = 'open' GROUP BY 1, 2, 3) o
WHERE s.user_id = o.user_id AND s.product_id = o.product_id AND s.mode = o.mode;
