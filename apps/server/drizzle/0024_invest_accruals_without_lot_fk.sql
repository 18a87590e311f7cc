-- The foreign key ran a look-up and a KEY SHARE row lock on invest_lots per accrual row: about a fifth of a daily
-- accrual batch's time (100 ms of each 5,000 rows). The only writer (accrueLots) inserts an accrual row from its
-- lot's row, already locked FOR UPDATE in the same transaction, so the lot exists; lots are never deleted, and now
-- the database refuses to delete one.
ALTER TABLE "invest_accruals" DROP CONSTRAINT "invest_accruals_lot_id_invest_lots_id_fk";
--> statement-breakpoint
CREATE TRIGGER invest_lots_kept BEFORE DELETE ON invest_lots FOR EACH ROW EXECUTE FUNCTION refuse_change();
