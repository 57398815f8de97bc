CREATE INDEX "projects_updated_scope_idx" ON "projects" USING btree ("updated_at","id","company_space_id","board_id","secure");--> statement-breakpoint
DROP INDEX "projects_updated_idx";