CREATE TABLE "practice_resets" (
	"user_id" bigint NOT NULL,
	"day" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "practice_resets_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "price_alerts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"product_id" integer NOT NULL,
	"kind" text NOT NULL,
	"direction" text,
	"level" bigint,
	"move_bp" integer,
	"minutes" integer,
	"base_ts" bigint NOT NULL,
	"base_price" bigint NOT NULL,
	"checked_until" bigint NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"fired_ts" bigint,
	"fired_price" bigint,
	"fired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_alerts_kind" CHECK ("price_alerts"."kind" in ('cross','move')),
	CONSTRAINT "price_alerts_status" CHECK ("price_alerts"."status" in ('active','fired','cancelled')),
	CONSTRAINT "price_alerts_shape" CHECK (("price_alerts"."kind" = 'cross' and "price_alerts"."level" > 0 and "price_alerts"."direction" in ('above','below'))
        or ("price_alerts"."kind" = 'move' and "price_alerts"."move_bp" > 0 and "price_alerts"."minutes" between 1 and 240)),
	CONSTRAINT "price_alerts_fired" CHECK (("price_alerts"."status" = 'fired') = ("price_alerts"."fired_ts" is not null and "price_alerts"."fired_price" is not null))
);
--> statement-breakpoint
ALTER TABLE "contract_orders" ADD COLUMN "mode" text DEFAULT 'real' NOT NULL;--> statement-breakpoint
CREATE INDEX "price_alerts_user_idx" ON "price_alerts" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "price_alerts_active_idx" ON "price_alerts" USING btree ("id") WHERE "price_alerts"."status" = 'active';--> statement-breakpoint
ALTER TABLE "contract_orders" ADD CONSTRAINT "contract_orders_mode" CHECK ("contract_orders"."mode" in ('real','practice'));--> statement-breakpoint
-- Practice money (asset PUSD) and real money never meet in one journal: checked on every insert or
-- update of ledger entries, over the whole journal of each touched row, by the account's own asset.
CREATE FUNCTION ledger_practice_apart() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
    WHERE e.journal_id IN (SELECT journal_id FROM touched)
    GROUP BY e.journal_id
    HAVING bool_or(a.asset = 'PUSD') AND bool_or(a.asset <> 'PUSD')
  ) THEN
    RAISE EXCEPTION 'a journal cannot mix practice and real accounts'
      USING ERRCODE = '23514', CONSTRAINT = 'ledger_entries_practice_apart';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_practice_apart_ins AFTER INSERT ON ledger_entries
  REFERENCING NEW TABLE AS touched FOR EACH STATEMENT EXECUTE FUNCTION ledger_practice_apart();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_practice_apart_upd AFTER UPDATE ON ledger_entries
  REFERENCING NEW TABLE AS touched FOR EACH STATEMENT EXECUTE FUNCTION ledger_practice_apart();
--> statement-breakpoint
-- An account's asset is fixed once it exists (the trigger above reads it).
CREATE FUNCTION ledger_account_asset_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.asset <> OLD.asset OR NEW.code <> OLD.code THEN
    RAISE EXCEPTION 'a ledger account keeps its code and asset'
      USING ERRCODE = '23514', CONSTRAINT = 'ledger_accounts_asset_fixed';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_asset_fixed BEFORE UPDATE OF asset, code ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_account_asset_fixed();
