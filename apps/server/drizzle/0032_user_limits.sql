CREATE TABLE "limit_usage" (
	"user_id" bigint NOT NULL,
	"day" integer NOT NULL,
	"staked" bigint DEFAULT 0 NOT NULL,
	"paid" bigint DEFAULT 0 NOT NULL,
	"returned" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "limit_usage_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "user_limits" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"limits" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"pending" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"reality_minutes" integer,
	"excluded_until" bigint,
	"exclusion_kind" text,
	"excluded_at" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_limits_exclusion_kind" CHECK ("user_limits"."exclusion_kind" in ('timeout','self_exclusion'))
);
--> statement-breakpoint
-- A time-out or self-exclusion in force ends only at its time: no statement, operator tool or console act can
-- shorten or remove it (a longer one may replace it).
CREATE FUNCTION user_limits_keep_exclusion() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.excluded_until IS NOT NULL AND OLD.excluded_until > extract(epoch from now()) THEN
    IF TG_OP = 'DELETE' OR NEW.excluded_until IS NULL OR NEW.excluded_until < OLD.excluded_until THEN
      RAISE EXCEPTION 'a time-out or self-exclusion cannot end early (user %)', OLD.user_id;
    END IF;
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END $$;
--> statement-breakpoint
CREATE TRIGGER user_limits_keep_exclusion BEFORE UPDATE OR DELETE ON user_limits
  FOR EACH ROW EXECUTE FUNCTION user_limits_keep_exclusion();
