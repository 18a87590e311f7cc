-- The console's search everything (GET /admin/search): every key it looks up is an index range, exact or by its
-- beginning. text_pattern_ops makes LIKE 'x%' a range under any collation (the embedded server's C, an own
-- PostgreSQL's en_US). upper(reference_code) also serves the deposits search's reference filter, which read every row.
CREATE INDEX "kyc_submissions_name_prefix_idx" ON "kyc_submissions" USING btree (lower("real_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_account_prefix_idx" ON "users" USING btree (lower("account") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_phone_prefix_idx" ON "users" USING btree ("phone" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "deposits_reference_prefix_idx" ON "deposits" USING btree (upper("reference_code") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "payment_methods_account_prefix_idx" ON "payment_methods" USING btree (lower("account") text_pattern_ops);