-- The practice-apart check (0008) read "journal_id IN (SELECT journal_id FROM touched)", which the planner turned
-- into a scan of all ledger entries once the table grew: every insert of entries got slower with the ledger's
-- size. The same rule, reached through the journal index one touched journal at a time.
CREATE OR REPLACE FUNCTION ledger_practice_apart() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM (SELECT DISTINCT journal_id FROM touched) t
    CROSS JOIN LATERAL (
      SELECT bool_or(a.asset = 'PUSD') AS practice, bool_or(a.asset <> 'PUSD') AS real
      FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
      WHERE e.journal_id = t.journal_id
    ) j
    WHERE j.practice AND j.real
  ) THEN
    RAISE EXCEPTION 'a journal cannot mix practice and real accounts'
      USING ERRCODE = '23514', CONSTRAINT = 'ledger_entries_practice_apart';
  END IF;
  RETURN NULL;
END $$;
