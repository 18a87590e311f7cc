CREATE TABLE "market_holidays" (
	"session" text NOT NULL,
	"day" text NOT NULL,
	"name" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "market_holidays_session_day_pk" PRIMARY KEY("session","day"),
	CONSTRAINT "market_holidays_session" CHECK ("market_holidays"."session" in ('fx','globex','us_equities')),
	CONSTRAINT "market_holidays_day" CHECK ("market_holidays"."day" ~ '^\d{4}-\d{2}-\d{2}$')
);
