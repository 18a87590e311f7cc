ALTER TABLE "users" ADD COLUMN "has_authenticator" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "passkey_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The factors users already have, counted once; from here on the auth module keeps both columns.
UPDATE "users" u SET
  "has_authenticator" = EXISTS (SELECT 1 FROM "user_authenticators" a WHERE a."user_id" = u."id" AND a."enrolled_at" IS NOT NULL),
  "passkey_count" = (SELECT count(*) FROM "user_passkeys" p WHERE p."user_id" = u."id")
WHERE u."second_factor_on_at" IS NOT NULL;
