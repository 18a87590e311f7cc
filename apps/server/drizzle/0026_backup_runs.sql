CREATE TABLE "backup_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL,
	"file" text NOT NULL,
	"bytes" bigint NOT NULL,
	"rows" bigint NOT NULL,
	"tables" integer NOT NULL
);
