ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_journal_id_ledger_journals_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_account_id_ledger_accounts_id_fk";
--> statement-breakpoint
-- What the foreign keys and three triggers checked per entry row (the journal and the account exist, the journal
-- balances, practice and real money stay apart) is checked once per INSERT statement, set-based, over the whole
-- journal of every inserted entry. The deferred balance check ran a plpgsql call and two queries per entry at
-- commit, and each foreign key a look-up and a row lock per entry: most of the cost of a bulk posting (the daily
-- accrual, a settlement batch). The ledger writes a batch's entries in one INSERT, so each journal is whole when
-- its statement ends; a later statement adding to it is checked over the whole journal again.
DROP TRIGGER ledger_entries_balanced ON ledger_entries;
--> statement-breakpoint
DROP FUNCTION check_journal_balanced();
--> statement-breakpoint
DROP TRIGGER ledger_entries_practice_apart_ins ON ledger_entries;
--> statement-breakpoint
CREATE FUNCTION ledger_entries_checked() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bad record;
BEGIN
  SELECT t.journal_id, t.account_id, j.id IS NULL AS no_journal INTO bad
  FROM touched t
  LEFT JOIN ledger_journals j ON j.id = t.journal_id
  LEFT JOIN ledger_accounts a ON a.id = t.account_id
  WHERE j.id IS NULL OR a.id IS NULL
  LIMIT 1;
  IF FOUND THEN
    IF bad.no_journal THEN
      RAISE EXCEPTION 'ledger entry names journal %, which does not exist', bad.journal_id
        USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'ledger_entries_journal_id_ledger_journals_id_fk';
    END IF;
    RAISE EXCEPTION 'ledger entry names account %, which does not exist', bad.account_id
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'ledger_entries_account_id_ledger_accounts_id_fk';
  END IF;

  SELECT journal_id, sum(n) AS entries, bool_and(total = 0) AS balanced, bool_or(practice) AND bool_or(real) AS mixed
  INTO bad
  FROM (
    SELECT e.journal_id, e.asset, count(*) AS n, sum(e.amount) AS total,
           bool_or(a.asset = 'PUSD') AS practice, bool_or(a.asset <> 'PUSD') AS real
    FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
    WHERE e.journal_id IN (SELECT DISTINCT journal_id FROM touched)
    GROUP BY e.journal_id, e.asset
  ) s
  GROUP BY journal_id
  HAVING sum(n) < 2 OR NOT bool_and(total = 0) OR (bool_or(practice) AND bool_or(real))
  LIMIT 1;
  IF NOT FOUND THEN
    RETURN NULL;
  ELSIF bad.mixed THEN
    RAISE EXCEPTION 'a journal cannot mix practice and real accounts'
      USING ERRCODE = '23514', CONSTRAINT = 'ledger_entries_practice_apart';
  ELSIF bad.entries < 2 THEN
    RAISE EXCEPTION 'journal % has % entries; at least 2 are required', bad.journal_id, bad.entries
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_entries_balanced';
  ELSE
    RAISE EXCEPTION 'journal % does not sum to zero', bad.journal_id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_entries_balanced';
  END IF;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_checked AFTER INSERT ON ledger_entries
  REFERENCING NEW TABLE AS touched FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_checked();
--> statement-breakpoint
-- Accounts are never deleted (entries name them; the foreign key that kept them is gone).
CREATE TRIGGER ledger_accounts_kept BEFORE DELETE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION refuse_change();
