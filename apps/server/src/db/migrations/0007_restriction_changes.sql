-- Which restrictions each committed write touched (issue 35): every server process keeps a browse
-- index of the restrictions and patches it with the rows written since its revision, instead of
-- reading every row again. One row per restriction ever written: its id and the revision of the last
-- transaction that wrote it (the id of a purged one stays, so the processes drop it; id 0 stands for
-- a TRUNCATE, after which they read everything again).
CREATE TABLE "restriction_changes" (
	"restriction_id" integer PRIMARY KEY,
	"revision" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "restriction_changes_revision_idx" ON "restriction_changes" ("revision");
--> statement-breakpoint
-- Called for each written row when its transaction commits (the deferred trigger of migration 0006):
-- the first call of a transaction moves the revision on under the revision row's lock, which is held
-- until the commit, so revisions follow the commit order; each call keeps its row's id with it.
CREATE OR REPLACE FUNCTION "restrictions_revision_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	current_revision bigint := nullif(current_setting('stp.restrictions_revision', true), '')::bigint;
	written integer;
BEGIN
	IF current_revision IS NULL THEN
		UPDATE "restrictions_revision" SET "revision" = "revision" + 1 RETURNING "revision" INTO current_revision;
		PERFORM set_config('stp.restrictions_revision', current_revision::text, true);
	END IF;
	IF TG_LEVEL = 'STATEMENT' THEN
		written := 0;
	ELSIF TG_OP = 'DELETE' THEN
		written := OLD.id;
	ELSE
		written := NEW.id;
	END IF;
	INSERT INTO "restriction_changes" ("restriction_id", "revision") VALUES (written, current_revision)
		ON CONFLICT ("restriction_id") DO UPDATE SET "revision" = excluded."revision"
		WHERE "restriction_changes"."revision" <> excluded."revision";
	RETURN NULL;
END
$$;
