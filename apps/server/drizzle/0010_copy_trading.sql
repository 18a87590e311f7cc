CREATE TABLE "copy_leaders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"leader_user_id" bigint NOT NULL,
	"display_name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "copy_leaders_status" CHECK ("copy_leaders"."status" in ('active','retired'))
);
--> statement-breakpoint
CREATE TABLE "copy_record_entries" (
	"record_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"kind" text NOT NULL,
	"order_id" bigint,
	"data" text NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "copy_record_entries_record_id_seq_pk" PRIMARY KEY("record_id","seq"),
	CONSTRAINT "copy_record_entries_kind" CHECK ("copy_record_entries"."kind" in ('start','open','settle','retire')),
	CONSTRAINT "copy_record_entries_order" CHECK (("copy_record_entries"."kind" in ('open','settle')) = ("copy_record_entries"."order_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "copy_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"leader_id" bigint NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"after_order_id" bigint NOT NULL,
	"until_order_id" bigint,
	"head_seq" integer NOT NULL,
	"head_hash" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "copy_records_status" CHECK ("copy_records"."status" in ('active','retired')),
	CONSTRAINT "copy_records_ended" CHECK (("copy_records"."status" = 'retired') = ("copy_records"."ended_at" is not null and "copy_records"."until_order_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "copy_subscriptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"leader_id" bigint NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"stopped_reason" text,
	"stake_mode" text NOT NULL,
	"amount" bigint,
	"max_amount" bigint NOT NULL,
	"daily_loss" bigint NOT NULL,
	"symbols" text[] DEFAULT '{}'::text[] NOT NULL,
	"periods" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "copy_subscriptions_status" CHECK ("copy_subscriptions"."status" in ('active','paused','stopped')),
	CONSTRAINT "copy_subscriptions_mode" CHECK ("copy_subscriptions"."stake_mode" in ('fixed','mirror')),
	CONSTRAINT "copy_subscriptions_amounts" CHECK ("copy_subscriptions"."max_amount" > 0 and "copy_subscriptions"."daily_loss" > 0 and ("copy_subscriptions"."stake_mode" = 'mirror' or ("copy_subscriptions"."amount" > 0 and "copy_subscriptions"."amount" <= "copy_subscriptions"."max_amount")))
);
--> statement-breakpoint
CREATE TABLE "copy_tasks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"subscription_id" bigint NOT NULL,
	"leader_order_id" bigint NOT NULL,
	"record_id" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"reason_params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"copy_order_id" bigint,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "copy_tasks_status" CHECK ("copy_tasks"."status" in ('pending','copied','skipped','failed')),
	CONSTRAINT "copy_tasks_outcome" CHECK (("copy_tasks"."status" = 'copied') = ("copy_tasks"."copy_order_id" is not null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "copy_leaders_user_idx" ON "copy_leaders" USING btree ("leader_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "copy_record_entries_order_idx" ON "copy_record_entries" USING btree ("order_id","kind") WHERE "copy_record_entries"."order_id" is not null;--> statement-breakpoint
CREATE INDEX "copy_records_leader_idx" ON "copy_records" USING btree ("leader_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "copy_records_one_active_idx" ON "copy_records" USING btree ("leader_id") WHERE "copy_records"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "copy_subscriptions_live_idx" ON "copy_subscriptions" USING btree ("user_id","leader_id") WHERE "copy_subscriptions"."status" <> 'stopped';--> statement-breakpoint
CREATE INDEX "copy_subscriptions_leader_idx" ON "copy_subscriptions" USING btree ("leader_id") WHERE "copy_subscriptions"."status" = 'active';--> statement-breakpoint
CREATE INDEX "copy_subscriptions_user_idx" ON "copy_subscriptions" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "copy_tasks_follower_order_idx" ON "copy_tasks" USING btree ("user_id","leader_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "copy_tasks_copy_order_idx" ON "copy_tasks" USING btree ("copy_order_id") WHERE "copy_tasks"."copy_order_id" is not null;--> statement-breakpoint
CREATE INDEX "copy_tasks_pending_idx" ON "copy_tasks" USING btree ("id") WHERE "copy_tasks"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "copy_tasks_user_idx" ON "copy_tasks" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "copy_tasks_subscription_idx" ON "copy_tasks" USING btree ("subscription_id","created_at");--> statement-breakpoint
CREATE INDEX "copy_tasks_leader_order_idx" ON "copy_tasks" USING btree ("leader_order_id");--> statement-breakpoint
-- A record's chain is append-only: no UPDATE or DELETE, whoever asks (refuse_change is the ledger's).
CREATE TRIGGER copy_record_entries_append_only BEFORE UPDATE OR DELETE ON copy_record_entries
  FOR EACH ROW EXECUTE FUNCTION refuse_change();
--> statement-breakpoint
CREATE TRIGGER copy_records_no_delete BEFORE DELETE ON copy_records
  FOR EACH ROW EXECUTE FUNCTION refuse_change();
--> statement-breakpoint
CREATE TRIGGER copy_leaders_no_delete BEFORE DELETE ON copy_leaders
  FOR EACH ROW EXECUTE FUNCTION refuse_change();
--> statement-breakpoint
-- A record keeps its leader, start and first order bound; it only moves its head forward and retires once.
CREATE FUNCTION copy_record_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.leader_id <> OLD.leader_id OR NEW.after_order_id <> OLD.after_order_id OR NEW.started_at <> OLD.started_at
     OR NEW.head_seq < OLD.head_seq OR (NEW.head_seq = OLD.head_seq AND NEW.head_hash <> OLD.head_hash)
     OR (OLD.status = 'retired' AND (NEW.status <> 'retired' OR NEW.until_order_id <> OLD.until_order_id
                                     OR NEW.ended_at <> OLD.ended_at)) THEN
    RAISE EXCEPTION 'a copy record only moves its head forward and retires once'
      USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER copy_records_guard BEFORE UPDATE ON copy_records
  FOR EACH ROW EXECUTE FUNCTION copy_record_guard();
