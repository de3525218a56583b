CREATE TABLE "complaint_feedback" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "complaint_feedback_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"complaint_id" integer NOT NULL,
	"resolved_at" timestamp with time zone NOT NULL,
	"resolved_stage" text NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"answered_by" integer,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "complaint_feedback_resolution_unique" UNIQUE("complaint_id","resolved_at"),
	CONSTRAINT "complaint_feedback_outcome_check" CHECK ("complaint_feedback"."outcome" in ('fixed', 'not_fixed')),
	CONSTRAINT "complaint_feedback_reason_check" CHECK ("complaint_feedback"."outcome" = 'fixed' or ("complaint_feedback"."reason" is not null and length("complaint_feedback"."reason") > 0))
);
--> statement-breakpoint
ALTER TABLE "complaint_feedback" ADD CONSTRAINT "complaint_feedback_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_feedback" ADD CONSTRAINT "complaint_feedback_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "complaint_feedback_answered_idx" ON "complaint_feedback" USING btree ("answered_at");