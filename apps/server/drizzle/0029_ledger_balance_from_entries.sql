-- A ledger balance changes only with its entries: after any UPDATE of ledger_accounts, every account whose balance
-- changed must hold exactly the balance_after of its newest entry. Posting a journal updates the balances and
-- inserts the entries in one statement, so this statement-level check sees both; a direct UPDATE of a balance
-- (a bypass of the ledger module, a hand-edit) is refused by the database, not only found by the verifier later.
-- One index probe per changed account (ledger_entries_account_idx, newest first). Restores and bulk loads run
-- with session_replication_role = replica, which skips it, and re-derive balances from the entries.
CREATE OR REPLACE FUNCTION ledger_balance_from_entries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM changed n JOIN previous o ON o.id = n.id
    WHERE n.balance <> o.balance
      AND n.balance IS DISTINCT FROM (
        SELECT e.balance_after FROM ledger_entries e WHERE e.account_id = n.id ORDER BY e.id DESC LIMIT 1)
  ) THEN
    RAISE EXCEPTION 'a ledger balance changes only with its entries'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_accounts_balance_from_entries';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_balance_from_entries AFTER UPDATE ON ledger_accounts
  REFERENCING OLD TABLE AS previous NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_balance_from_entries();
