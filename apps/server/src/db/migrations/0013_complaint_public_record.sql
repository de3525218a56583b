ALTER TABLE "complaints" ADD COLUMN "public_summary" text;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "public_summary_fr" text;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "resolution_note" text;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "resolution_note_fr" text;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_public_record_check" CHECK (("complaints"."public_summary" is null) = ("complaints"."resolution_note" is null) and ("complaints"."public_summary" is not null or ("complaints"."public_summary_fr" is null and "complaints"."resolution_note_fr" is null)));