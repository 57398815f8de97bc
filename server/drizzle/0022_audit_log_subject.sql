DROP INDEX "audit_log_after_user_idx";--> statement-breakpoint
DROP INDEX "audit_log_before_user_idx";--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "subject_id" uuid;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "subject_email" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "subject_name" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "parent_entity" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "parent_id" text;--> statement-breakpoint
CREATE INDEX "audit_log_parent_at_idx" ON "audit_log" USING btree ("parent_entity","parent_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_subject_at_idx" ON "audit_log" USING btree ("subject_id","at");--> statement-breakpoint
-- Issue 45: one spelling for actions (snake_case, as the others were written).
UPDATE "audit_log" SET "action" = 'rotate_secret' WHERE "action" = 'rotate-secret';--> statement-breakpoint
-- Backfill where derivable: a role grant belongs to its user and is about them.
UPDATE "audit_log" SET "parent_entity" = 'user', "parent_id" = "entity_id", "subject_id" = "entity_id"::uuid
  WHERE "entity" = 'user_role' AND "entity_id" ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';--> statement-breakpoint
-- A permission, membership or space member named the person by `userId` in its values.
UPDATE "audit_log" SET "subject_id" = coalesce("after" ->> 'userId', "before" ->> 'userId')::uuid
  WHERE "subject_id" IS NULL
    AND coalesce("after" ->> 'userId', "before" ->> 'userId') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';--> statement-breakpoint
UPDATE "audit_log" a SET "subject_email" = u."email",
    "subject_name" = nullif(concat_ws(' ', u."given_name", u."family_name"), '')
  FROM "users" u WHERE u."id" = a."subject_id";--> statement-breakpoint
-- A version's changes (and its files') belong to its tool or bundle, while the version still exists.
UPDATE "audit_log" a SET "parent_entity" = 'tool', "parent_id" = v."tool_id"::text
  FROM "tool_versions" v WHERE a."entity" = 'tool_version' AND a."entity_id" = v."id"::text;--> statement-breakpoint
UPDATE "audit_log" a SET "parent_entity" = 'software_bundle', "parent_id" = v."bundle_id"::text
  FROM "bundle_versions" v WHERE a."entity" = 'bundle_version' AND a."entity_id" = v."id"::text;--> statement-breakpoint
UPDATE "audit_log" a SET "parent_entity" = 'questionnaire', "parent_id" = q."questionnaire_id"::text
  FROM "questions" q WHERE a."entity" = 'question' AND a."entity_id" = q."id"::text;
