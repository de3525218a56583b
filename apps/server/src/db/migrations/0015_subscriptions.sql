CREATE TABLE "subscriptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer,
	"email" text,
	"lang" text DEFAULT 'en' NOT NULL,
	"kind" text NOT NULL,
	"filter" jsonb,
	"restriction_id" integer,
	"country_code" text,
	"target" text NOT NULL,
	"frequency" text NOT NULL,
	"confirm_token_hash" text,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"changes_until" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sent_at" timestamp with time zone,
	CONSTRAINT "subscriptions_follower_check" CHECK (("subscriptions"."user_id" is null) <> ("subscriptions"."email" is null)),
	CONSTRAINT "subscriptions_lang_check" CHECK ("subscriptions"."lang" in ('en', 'fr')),
	CONSTRAINT "subscriptions_frequency_check" CHECK ("subscriptions"."frequency" in ('immediate', 'daily', 'weekly')),
	CONSTRAINT "subscriptions_kind_check" CHECK (("subscriptions"."kind" = 'browse' and "subscriptions"."filter" is not null) or ("subscriptions"."kind" = 'restriction' and "subscriptions"."restriction_id" is not null) or ("subscriptions"."kind" = 'notifications' and "subscriptions"."country_code" is not null))
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_restriction_id_restrictions_id_fk" FOREIGN KEY ("restriction_id") REFERENCES "public"."restrictions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_country_code_countries_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_user_target_key" ON "subscriptions" USING btree ("user_id","target") WHERE "subscriptions"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_email_target_key" ON "subscriptions" USING btree ("email","target") WHERE "subscriptions"."email" is not null;--> statement-breakpoint
CREATE INDEX "subscriptions_due_idx" ON "subscriptions" USING btree ("frequency","changes_until") WHERE "subscriptions"."confirmed_at" is not null;--> statement-breakpoint
CREATE INDEX "subscriptions_restriction_idx" ON "subscriptions" USING btree ("restriction_id");