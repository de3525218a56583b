ALTER TABLE "complaints" ADD COLUMN "slug" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_slug_unique" UNIQUE("slug");