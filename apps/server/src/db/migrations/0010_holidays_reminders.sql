CREATE TABLE "public_holidays" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "public_holidays_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"country_code" text NOT NULL,
	"date" date NOT NULL,
	"name_en" text NOT NULL,
	"name_fr" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "public_holidays_country_date_key" UNIQUE("country_code","date")
);
--> statement-breakpoint
CREATE TABLE "sent_reminders" (
	"key" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sent_reminders_kind_check" CHECK ("sent_reminders"."kind" in ('digest', 'rfi'))
);
--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "stage_deadline_unit" text;--> statement-breakpoint
ALTER TABLE "review_stages" ADD COLUMN "deadline_unit" text DEFAULT 'calendar' NOT NULL;--> statement-breakpoint
ALTER TABLE "public_holidays" ADD CONSTRAINT "public_holidays_country_code_countries_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "public_holidays_date_idx" ON "public_holidays" USING btree ("date");--> statement-breakpoint
ALTER TABLE "review_stages" ADD CONSTRAINT "review_stages_deadline_unit_check" CHECK ("review_stages"."deadline_unit" in ('calendar', 'working'));