-- The holding list (a user's open orders of one mode, newest first) and its capped count read this small partial
-- index instead of every order of the user: bench:lists' heavy user (50,050 orders, one open) took 32 ms at p50.
CREATE INDEX "contract_orders_user_open_list_idx" ON "contract_orders" USING btree ("user_id","mode","id") WHERE "contract_orders"."status" = 'open';
