-- The same checks as 0022, with the balance check read journal by journal. 0022 asked for the entries of
-- "journal_id IN (SELECT DISTINCT journal_id FROM touched)": the planner cannot know a transition table's distinct
-- values (it guesses 200), so once ledger_entries had grown past its statistics it merge-joined every entry of the
-- ledger with every account and kept only the touched journals: each bulk posting (a 5,000-lot accrual batch) read
-- the whole ledger, and the daily accrual grew with the square of its size. A LATERAL lookup per touched journal
-- reads only that journal's entries through ledger_entries_journal_idx, whatever the statistics say.
CREATE OR REPLACE FUNCTION ledger_entries_checked() RETURNS trigger LANGUAGE plpgsql AS $$
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

  SELECT t.journal_id, s.entries, s.mixed INTO bad
  FROM (SELECT DISTINCT journal_id FROM touched) t
  CROSS JOIN LATERAL (
    SELECT sum(n) AS entries, bool_and(total = 0) AS balanced, bool_or(practice) AND bool_or(real) AS mixed
    FROM (
      SELECT count(*) AS n, sum(e.amount) AS total,
             bool_or(a.asset = 'PUSD') AS practice, bool_or(a.asset <> 'PUSD') AS real
      FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
      WHERE e.journal_id = t.journal_id
      GROUP BY e.asset
    ) per_asset
  ) s
  WHERE s.entries < 2 OR NOT s.balanced OR s.mixed
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
