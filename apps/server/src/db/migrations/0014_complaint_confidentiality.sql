ALTER TABLE "complaints" ADD COLUMN "identity_withheld" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "redacted_at" timestamp with time zone;