-- The restrictions' revision: one number every committed write to the restrictions table moves on.
-- Each server process keeps a browse index of the restrictions and compares this number every few
-- seconds to see another process's writes; reading it is one row, where counting the table read
-- every row (about half a second of both cores at a million restrictions, every few seconds).
CREATE TABLE "restrictions_revision" (
	"only_row" boolean PRIMARY KEY DEFAULT true CHECK ("only_row"),
	"revision" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "restrictions_revision" ("only_row", "revision") VALUES (true, 1);
--> statement-breakpoint
-- Called for each written row when its transaction commits (a deferred trigger): the first call of a
-- transaction moves the revision on, the others return at once. The row lock it takes is held only
-- for the commit, so writers queue there for a moment and never wait on each other's rows with it.
CREATE FUNCTION "restrictions_revision_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF current_setting('stp.restrictions_revision_bumped', true) = 'on' THEN
		RETURN NULL;
	END IF;
	PERFORM set_config('stp.restrictions_revision_bumped', 'on', true);
	UPDATE "restrictions_revision" SET "revision" = "revision" + 1;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "restrictions_revision_on_write" AFTER INSERT OR UPDATE OR DELETE ON "restrictions"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "restrictions_revision_bump"();
--> statement-breakpoint
CREATE TRIGGER "restrictions_revision_on_truncate" AFTER TRUNCATE ON "restrictions"
	FOR EACH STATEMENT EXECUTE FUNCTION "restrictions_revision_bump"();
