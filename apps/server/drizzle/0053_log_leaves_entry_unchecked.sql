-- A leaf's entry is no longer checked by a foreign key: the check locked the entry's row as each leaf was written
-- (FOR KEY SHARE: a write-ahead log record per order, 54 bytes, and a lookup; docs/benchmarks.md). What it guarded
-- holds without it: only the sequencer writes leaves, for entries it read in the same transaction under its
-- advisory lock, and log_entries' trigger refuses to remove an entry that has a leaf. Loosening only: the release
-- before this one writes leaves the same way.
ALTER TABLE "log_leaves" DROP CONSTRAINT "log_leaves_entry_id_log_entries_id_fk";
