-- The public catalogue's version (server/src/modules/catalogue/catalogue-version.ts): one row that every transaction
-- changing what the anonymous catalogue shows moves once, at its commit, so a conditional request (If-None-Match)
-- is answered from one read of it instead of the answer's own queries.
CREATE TABLE "catalogue_version" (
	"id" boolean PRIMARY KEY DEFAULT true CHECK ("id"),
	"value" bigint NOT NULL DEFAULT 0
);
--> statement-breakpoint
INSERT INTO "catalogue_version" ("id", "value") VALUES (true, 0);
--> statement-breakpoint
-- A change is noted once per transaction (a transaction-local flag) by a statement trigger, so a bulk statement
-- costs one call, not one per row; the note's deferred constraint trigger moves the version at commit, after every
-- other lock the transaction takes, so it adds no deadlock (as auth_generation, migration 0008).
CREATE TABLE "catalogue_version_notes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY
);
--> statement-breakpoint
CREATE FUNCTION "catalogue_version_note"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF coalesce(current_setting('portal.catalogue_version_noted', true), '') <> 'yes' THEN
		PERFORM set_config('portal.catalogue_version_noted', 'yes', true);
		INSERT INTO "catalogue_version_notes" DEFAULT VALUES;
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- The commit's time in microseconds when that is larger: after a restore brings an older value back, the next
-- change still gets a version no tag handed out before carries.
CREATE FUNCTION "catalogue_version_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "catalogue_version" SET "value" = greatest("value" + 1, (extract(epoch from clock_timestamp()) * 1000000)::bigint);
	DELETE FROM "catalogue_version_notes" WHERE "id" = NEW."id";
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "catalogue_version_notes_move" AFTER INSERT ON "catalogue_version_notes" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "catalogue_version_move"();
--> statement-breakpoint
-- Every table a public catalogue answer, page or the sitemap reads (CATALOGUE_VERSION_TABLES).
CREATE TRIGGER "tools_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tools" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_note"();
--> statement-breakpoint
CREATE TRIGGER "tool_versions_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tool_versions" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_note"();
--> statement-breakpoint
CREATE TRIGGER "tool_files_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tool_files" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_note"();
--> statement-breakpoint
CREATE TRIGGER "software_bundles_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "software_bundles" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_note"();
--> statement-breakpoint
CREATE TRIGGER "bundle_versions_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "bundle_versions" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_note"();
--> statement-breakpoint
CREATE TRIGGER "catalogue_documents_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "catalogue_documents" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_note"();
