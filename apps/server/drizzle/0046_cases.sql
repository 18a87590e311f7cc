CREATE TABLE "user_cases" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"item_id" bigint NOT NULL,
	"text" text NOT NULL,
	"upload_id" text,
	"evidence" jsonb NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"outcome" text,
	"reason" text,
	"amount" bigint,
	"adjustment_id" bigint,
	"decided_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "user_cases_kind" CHECK ("user_cases"."kind" in ('order','deposit','withdrawal')),
	CONSTRAINT "user_cases_state" CHECK ("user_cases"."state" in ('open','correcting','decided')),
	CONSTRAINT "user_cases_outcome" CHECK (("user_cases"."state" = 'decided') = ("user_cases"."outcome" is not null)),
	CONSTRAINT "user_cases_outcome_kind" CHECK ("user_cases"."outcome" is null or "user_cases"."outcome" in ('upheld','corrected')),
	CONSTRAINT "user_cases_amount" CHECK ("user_cases"."amount" is null or "user_cases"."amount" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "user_cases_one_undecided" ON "user_cases" USING btree ("kind","item_id") WHERE "user_cases"."state" <> 'decided';--> statement-breakpoint
CREATE INDEX "user_cases_user_idx" ON "user_cases" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "user_cases_state_idx" ON "user_cases" USING btree ("state","id");--> statement-breakpoint
CREATE INDEX "user_cases_adjustment_idx" ON "user_cases" USING btree ("adjustment_id");--> statement-breakpoint
CREATE INDEX "user_cases_decided_idx" ON "user_cases" USING btree ("decided_at") WHERE "user_cases"."decided_at" is not null;