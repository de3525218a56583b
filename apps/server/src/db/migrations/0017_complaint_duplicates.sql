CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "complaint_statement_attachments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "complaint_statement_attachments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"statement_id" integer NOT NULL,
	"storage_key" text NOT NULL,
	"original_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "complaint_statement_attachments_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "complaint_statements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "complaint_statements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"complaint_id" integer NOT NULL,
	"author_id" integer,
	"body" text NOT NULL,
	"merged_from_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "complaint_statements_merged_from_unique" UNIQUE("merged_from_id"),
	CONSTRAINT "complaint_statements_body_check" CHECK (length("complaint_statements"."body") between 1 and 5000)
);
--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "merged_into_id" integer;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "brief_search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english'::regconfig, coalesce(brief_description, '')) || to_tsvector('french'::regconfig, coalesce(brief_description, ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "complaint_statement_attachments" ADD CONSTRAINT "complaint_statement_attachments_statement_id_complaint_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."complaint_statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_statements" ADD CONSTRAINT "complaint_statements_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_statements" ADD CONSTRAINT "complaint_statements_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_statements" ADD CONSTRAINT "complaint_statements_merged_from_id_complaints_id_fk" FOREIGN KEY ("merged_from_id") REFERENCES "public"."complaints"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "complaint_statement_attachments_statement_idx" ON "complaint_statement_attachments" USING btree ("statement_id");--> statement-breakpoint
CREATE INDEX "complaint_statements_complaint_idx" ON "complaint_statements" USING btree ("complaint_id","created_at");--> statement-breakpoint
CREATE INDEX "complaint_statements_author_idx" ON "complaint_statements" USING btree ("author_id");--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_merged_into_id_complaints_id_fk" FOREIGN KEY ("merged_into_id") REFERENCES "public"."complaints"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "complaints_brief_search_idx" ON "complaints" USING gin ("brief_search");--> statement-breakpoint
CREATE INDEX "complaints_brief_trgm_idx" ON "complaints" USING gin ("brief_description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "complaints_merged_into_idx" ON "complaints" USING btree ("merged_into_id");--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_merged_into_check" CHECK ("complaints"."merged_into_id" is null or ("complaints"."status" = 'merged' and "complaints"."merged_into_id" <> "complaints"."id"));