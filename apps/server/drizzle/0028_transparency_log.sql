CREATE TABLE "log_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"leaf_index" bigint,
	"type" text NOT NULL,
	"order_id" bigint,
	"once_key" text,
	"data" text NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "log_heads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tree_size" bigint NOT NULL,
	"root_hash" "bytea" NOT NULL,
	"timestamp" bigint NOT NULL,
	"key_id" text NOT NULL,
	"signature" "bytea" NOT NULL,
	CONSTRAINT "log_heads_size" CHECK ("log_heads"."tree_size" >= 0)
);
--> statement-breakpoint
CREATE TABLE "log_keys" (
	"key_id" text PRIMARY KEY NOT NULL,
	"public_key" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "log_nodes" (
	"level" smallint NOT NULL,
	"index" bigint NOT NULL,
	"hash" "bytea" NOT NULL,
	CONSTRAINT "log_nodes_level_index_pk" PRIMARY KEY("level","index")
);
--> statement-breakpoint
CREATE TABLE "log_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"pseudonym_key" "bytea" NOT NULL,
	CONSTRAINT "log_settings_one_row" CHECK ("log_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "price_ticks" ADD COLUMN "trade_id" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "log_entries_leaf_index_key" ON "log_entries" USING btree ("leaf_index");--> statement-breakpoint
CREATE INDEX "log_entries_queued_idx" ON "log_entries" USING btree ("id") WHERE "log_entries"."leaf_index" is null;--> statement-breakpoint
CREATE INDEX "log_entries_order_idx" ON "log_entries" USING btree ("order_id","type") WHERE "log_entries"."order_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "log_entries_once_key" ON "log_entries" USING btree ("once_key") WHERE "log_entries"."leaf_index" is not null;--> statement-breakpoint
-- The transparency log is append-only, whatever code writes to it (docs/transparency.md). An entry changes once,
-- from queued to sequenced, and then never: neither its bytes nor its place in the tree. Only a queued entry may
-- go (the sequencer drops a second copy of a price second the log already holds).
CREATE FUNCTION log_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.leaf_index IS NOT NULL THEN
      RAISE EXCEPTION 'a sequenced log entry cannot be removed' USING ERRCODE = 'restrict_violation';
    END IF;
    RETURN OLD;
  END IF;
  IF OLD.leaf_index IS NOT NULL OR NEW.leaf_index IS NULL OR NEW.leaf_index < 0
     OR NEW.data IS DISTINCT FROM OLD.data OR NEW.type IS DISTINCT FROM OLD.type
     OR NEW.order_id IS DISTINCT FROM OLD.order_id OR NEW.once_key IS DISTINCT FROM OLD.once_key
     OR NEW.id IS DISTINCT FROM OLD.id THEN
    RAISE EXCEPTION 'a log entry only changes from queued to sequenced' USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER log_entries_append_only BEFORE UPDATE OR DELETE ON log_entries
  FOR EACH ROW EXECUTE FUNCTION log_entries_append_only();
--> statement-breakpoint
CREATE TRIGGER log_nodes_append_only BEFORE UPDATE OR DELETE ON log_nodes
  FOR EACH ROW EXECUTE FUNCTION refuse_change();
--> statement-breakpoint
CREATE TRIGGER log_heads_append_only BEFORE UPDATE OR DELETE ON log_heads
  FOR EACH ROW EXECUTE FUNCTION refuse_change();
--> statement-breakpoint
CREATE TRIGGER log_keys_append_only BEFORE UPDATE OR DELETE ON log_keys
  FOR EACH ROW EXECUTE FUNCTION refuse_change();
--> statement-breakpoint
-- A new pseudonym key would rename every user in the log: once made, it stays.
CREATE TRIGGER log_settings_append_only BEFORE UPDATE OR DELETE ON log_settings
  FOR EACH ROW EXECUTE FUNCTION refuse_change();
