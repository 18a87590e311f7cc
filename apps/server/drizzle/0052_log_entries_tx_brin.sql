-- The sequencer's queue scan reads the entries of transactions since its last pass: the tail of the table, where
-- the rows are in about the order of their transactions. A block range index on the transaction id (as a number:
-- PostgreSQL has no BRIN class for xid8) finds them, and keeps one summary per 16 pages instead of a b-tree entry
-- per entry, which was 67 bytes of write-ahead log an order (docs/benchmarks.md).
CREATE INDEX "log_entries_tx_brin" ON "log_entries" USING brin ((("tx"::text)::bigint)) WITH (pages_per_range=16,autosummarize=true);--> statement-breakpoint
-- contract: only an index. The release before this one reads `tx >= scan_from` without the number and so without
-- this index; until every node runs this release its sequencer's scan is sequential: slower, never wrong.
DROP INDEX "log_entries_tx_idx";
