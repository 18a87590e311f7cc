-- An entry is written once and never changed: its place in the tree is a row of log_leaves, written by the
-- sequencer, rather than a column set on the entry (which rewrote the entry and each of its indexes a second time:
-- docs/benchmarks.md). The entries sequenced before this migration keep their leaf_index (the release before this
-- one reads it during a rolling upgrade) and get their log_leaves row here.
CREATE TABLE "log_leaves" (
	"leaf_index" bigint PRIMARY KEY NOT NULL,
	"entry_id" bigint NOT NULL,
	"once_key" text,
	CONSTRAINT "log_leaves_index" CHECK ("log_leaves"."leaf_index" >= 0)
);
--> statement-breakpoint
ALTER TABLE "log_leaves" ADD CONSTRAINT "log_leaves_entry_id_log_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."log_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
INSERT INTO "log_leaves" ("leaf_index", "entry_id", "once_key")
  SELECT "leaf_index", "id", "once_key" FROM "log_entries" WHERE "leaf_index" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "log_leaves_entry_key" ON "log_leaves" USING btree ("entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "log_leaves_once_key" ON "log_leaves" USING btree ("once_key") WHERE "log_leaves"."once_key" is not null;--> statement-breakpoint
-- Rows of before stay without a transaction id (no rewrite of the table): the sequenced ones need none, and the
-- queued ones get the smallest, so the first pass reads them.
ALTER TABLE "log_entries" ADD COLUMN "tx" "xid8";--> statement-breakpoint
ALTER TABLE "log_entries" ALTER COLUMN "tx" SET DEFAULT pg_current_xact_id();--> statement-breakpoint
ALTER TABLE "log_entries" DISABLE TRIGGER "log_entries_append_only";--> statement-breakpoint
UPDATE "log_entries" SET "tx" = '0'::xid8 WHERE "leaf_index" IS NULL;--> statement-breakpoint
ALTER TABLE "log_entries" ENABLE TRIGGER "log_entries_append_only";--> statement-breakpoint
ALTER TABLE "log_heads" ADD COLUMN "scan_from" "xid8";--> statement-breakpoint
-- The log stays append-only whatever code writes to it (docs/transparency.md): an entry never changes (the
-- release before this one, which set leaf_index in place, is refused rather than allowed to sequence beside this
-- one: its entries would be in the tree twice), and only a queued entry may go (the sequencer drops a second copy
-- of a price second the log already holds). A leaf never changes either.
CREATE OR REPLACE FUNCTION log_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.leaf_index IS NOT NULL OR EXISTS (SELECT 1 FROM log_leaves WHERE entry_id = OLD.id) THEN
      RAISE EXCEPTION 'a sequenced log entry cannot be removed' USING ERRCODE = 'restrict_violation';
    END IF;
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'a log entry never changes' USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER log_leaves_append_only BEFORE UPDATE OR DELETE ON log_leaves
  FOR EACH ROW EXECUTE FUNCTION refuse_change();
--> statement-breakpoint
DROP INDEX "log_entries_leaf_index_key";--> statement-breakpoint
DROP INDEX "log_entries_queued_idx";--> statement-breakpoint
DROP INDEX "log_entries_terms_idx";--> statement-breakpoint
DROP INDEX "log_entries_once_key";--> statement-breakpoint
CREATE INDEX "log_entries_tx_idx" ON "log_entries" USING btree ("tx");--> statement-breakpoint
CREATE INDEX "log_entries_once_idx" ON "log_entries" USING btree ("once_key") WHERE "log_entries"."once_key" is not null;--> statement-breakpoint
CREATE INDEX "log_entries_terms_only_idx" ON "log_entries" USING btree ("id") WHERE "log_entries"."type" = 'terms_changed';
