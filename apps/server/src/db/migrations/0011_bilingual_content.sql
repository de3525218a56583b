ALTER TABLE "notifications" ADD COLUMN "description_of_measure_fr" text;--> statement-breakpoint
ALTER TABLE "restriction_updates" ADD COLUMN "summary_fr" text;--> statement-breakpoint
ALTER TABLE "restriction_updates" ADD COLUMN "details_fr" text;--> statement-breakpoint
ALTER TABLE "restrictions" ADD COLUMN "title_fr" text;--> statement-breakpoint
ALTER TABLE "restrictions" ADD COLUMN "text_of_measure_fr" text;--> statement-breakpoint
ALTER TABLE "restrictions" ADD COLUMN "remarks_fr" text;--> statement-breakpoint
ALTER TABLE "notifications" drop column "search";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english'::regconfig, coalesce(reference, '') || ' ' || coalesce(description_of_measure, '') || ' ' || coalesce(requirement, '') || ' ' || coalesce(applicability, '')) || to_tsvector('french'::regconfig, coalesce(description_of_measure, '') || ' ' || coalesce(description_of_measure_fr, ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "restrictions" drop column "search";--> statement-breakpoint
ALTER TABLE "restrictions" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('french'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(text_of_measure, '') || ' ' || coalesce(responsible_agency, '')), 'B') || setweight(to_tsvector('french'::regconfig, coalesce(text_of_measure, '')), 'B') || setweight(to_tsvector('english'::regconfig, coalesce(remarks, '') || ' ' || coalesce(commitments_made, '')), 'C') || setweight(to_tsvector('french'::regconfig, coalesce(title_fr, '')), 'A') || setweight(to_tsvector('french'::regconfig, coalesce(text_of_measure_fr, '')), 'B') || setweight(to_tsvector('french'::regconfig, coalesce(remarks_fr, '')), 'C')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "notifications_search_idx" ON "notifications" USING gin ("search");--> statement-breakpoint
CREATE INDEX "restrictions_search_idx" ON "restrictions" USING gin ("search");
