CREATE TABLE "maintenance_runs" (
	"task" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"outcome" text NOT NULL,
	"removed" integer DEFAULT 0 NOT NULL,
	"error" text
);
