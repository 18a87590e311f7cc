-- A user's order list (one mode, any or one status, newest first) and its count read (user_id, mode, id, status)
-- alone; the holdings list (live first, newest first) reads its order from its index instead of sorting.
CREATE INDEX "invest_holdings_user_list_idx" ON "invest_holdings" USING btree ("user_id",("status" = 2),"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contract_orders_user_mode_idx" ON "contract_orders" USING btree ("user_id","mode","id","status");