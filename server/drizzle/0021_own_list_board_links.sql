DROP INDEX "board_user_links_user_idx";--> statement-breakpoint
DROP INDEX "projects_board_idx";--> statement-breakpoint
CREATE INDEX "board_user_links_user_idx" ON "board_user_links" USING btree ("user_id","board_id","kind");--> statement-breakpoint
CREATE INDEX "projects_board_idx" ON "projects" USING btree ("board_id","company_space_id","secure","updated_at","id");