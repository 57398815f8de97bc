-- The exact number of projects as a sum of deltas (server/src/routes/projects/list.ts): each statement that adds or
-- removes projects appends one row, so writers never wait on one another; readers sum the few rows, and a reader
-- that finds many folds them into one (delete and insert in one statement: the sum never changes).
CREATE TABLE "projects_count" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"delta" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "projects_count" ("delta") SELECT count(*) FROM "projects";
--> statement-breakpoint
CREATE FUNCTION "projects_count_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "projects_count" ("delta") SELECT count(*) FROM "inserted" HAVING count(*) > 0;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "projects_count_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "projects_count" ("delta") SELECT -count(*) FROM "deleted" HAVING count(*) > 0;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "projects_count_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "projects_count";
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "projects_count_insert" AFTER INSERT ON "projects" REFERENCING NEW TABLE AS "inserted" FOR EACH STATEMENT EXECUTE FUNCTION "projects_count_inserted"();
--> statement-breakpoint
CREATE TRIGGER "projects_count_delete" AFTER DELETE ON "projects" REFERENCING OLD TABLE AS "deleted" FOR EACH STATEMENT EXECUTE FUNCTION "projects_count_deleted"();
--> statement-breakpoint
CREATE TRIGGER "projects_count_truncate" AFTER TRUNCATE ON "projects" FOR EACH STATEMENT EXECUTE FUNCTION "projects_count_truncated"();
