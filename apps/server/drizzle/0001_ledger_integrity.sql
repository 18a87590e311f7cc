-- Ledger integrity enforced by the database itself, whatever code writes to it.

-- Journals, entries and the audit log are append-only: a mistake is corrected by a reversing journal.
CREATE OR REPLACE FUNCTION refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_journals_append_only BEFORE UPDATE OR DELETE ON ledger_journals
  FOR EACH ROW EXECUTE FUNCTION refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION refuse_change();
--> statement-breakpoint
-- At commit, every journal touched by the transaction has at least two entries and sums to zero per asset.
CREATE OR REPLACE FUNCTION check_journal_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  entry_count integer;
  unbalanced integer;
BEGIN
  SELECT count(*) INTO entry_count FROM ledger_entries WHERE journal_id = NEW.journal_id;
  IF entry_count < 2 THEN
    RAISE EXCEPTION 'journal % has % entries; at least 2 are required', NEW.journal_id, entry_count
      USING ERRCODE = 'check_violation';
  END IF;
  SELECT count(*) INTO unbalanced FROM (
    SELECT asset FROM ledger_entries WHERE journal_id = NEW.journal_id GROUP BY asset HAVING sum(amount) <> 0
  ) s;
  IF unbalanced > 0 THEN
    RAISE EXCEPTION 'journal % does not sum to zero', NEW.journal_id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION check_journal_balanced();
