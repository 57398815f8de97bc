-- The identity generation (server/src/auth/generation.ts): one row that every change to what a caller is moves,
-- in the changing transaction, so the API's verified-caller cache knows when to read a caller again.
CREATE TABLE "auth_generation" (
	"id" boolean PRIMARY KEY DEFAULT true CHECK ("id"),
	"value" bigint NOT NULL DEFAULT 0
);
--> statement-breakpoint
INSERT INTO "auth_generation" ("id", "value") VALUES (true, 0);
--> statement-breakpoint
-- Once per transaction (a transaction-local flag), and at its end (deferred constraint triggers): the row is
-- locked only for the moment before commit, after every other lock the transaction takes, so it adds no deadlock.
CREATE FUNCTION "auth_generation_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF coalesce(current_setting('portal.auth_generation_moved', true), '') <> 'yes' THEN
		PERFORM set_config('portal.auth_generation_moved', 'yes', true);
		UPDATE "auth_generation" SET "value" = "value" + 1;
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "users_auth_generation" AFTER INSERT OR UPDATE OR DELETE ON "users" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "auth_generation_bump"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "user_roles_auth_generation" AFTER INSERT OR UPDATE OR DELETE ON "user_roles" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "auth_generation_bump"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "service_accounts_auth_generation" AFTER INSERT OR UPDATE OR DELETE ON "service_accounts" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "auth_generation_bump"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "company_spaces_auth_generation" AFTER INSERT OR UPDATE OR DELETE ON "company_spaces" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "auth_generation_bump"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "company_space_members_auth_generation" AFTER INSERT OR UPDATE OR DELETE ON "company_space_members" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "auth_generation_bump"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "board_user_links_auth_generation" AFTER INSERT OR UPDATE OR DELETE ON "board_user_links" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "auth_generation_bump"();
--> statement-breakpoint
CREATE TRIGGER "users_auth_generation_truncate" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "auth_generation_bump"();
--> statement-breakpoint
CREATE TRIGGER "user_roles_auth_generation_truncate" AFTER TRUNCATE ON "user_roles" FOR EACH STATEMENT EXECUTE FUNCTION "auth_generation_bump"();
--> statement-breakpoint
CREATE TRIGGER "service_accounts_auth_generation_truncate" AFTER TRUNCATE ON "service_accounts" FOR EACH STATEMENT EXECUTE FUNCTION "auth_generation_bump"();
--> statement-breakpoint
CREATE TRIGGER "company_spaces_auth_generation_truncate" AFTER TRUNCATE ON "company_spaces" FOR EACH STATEMENT EXECUTE FUNCTION "auth_generation_bump"();
--> statement-breakpoint
CREATE TRIGGER "company_space_members_auth_generation_truncate" AFTER TRUNCATE ON "company_space_members" FOR EACH STATEMENT EXECUTE FUNCTION "auth_generation_bump"();
--> statement-breakpoint
CREATE TRIGGER "board_user_links_auth_generation_truncate" AFTER TRUNCATE ON "board_user_links" FOR EACH STATEMENT EXECUTE FUNCTION "auth_generation_bump"();
