CREATE TABLE "invest_plan_texts" (
	"plan_id" bigint NOT NULL,
	"lang" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invest_plan_texts_plan_id_lang_pk" PRIMARY KEY("plan_id","lang"),
	CONSTRAINT "invest_plan_texts_lang" CHECK ("invest_plan_texts"."lang" in ('de','es','fr','hk','jp','kor','th','zh','vi')),
	CONSTRAINT "invest_plan_texts_title" CHECK (length("invest_plan_texts"."title") between 1 and 80)
);
--> statement-breakpoint
ALTER TABLE "invest_plan_texts" ADD CONSTRAINT "invest_plan_texts_plan_id_invest_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."invest_plans"("id") ON DELETE no action ON UPDATE no action;
