-- A user's invitation records read the users they invited through an index instead of every user.
CREATE INDEX "users_inviter_idx" ON "users" USING btree ("inviter_id","id");