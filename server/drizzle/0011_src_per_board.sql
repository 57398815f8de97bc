DROP INDEX "projects_short_rom_code_key";--> statement-breakpoint
CREATE UNIQUE INDEX "projects_board_short_rom_code_key" ON "projects" USING btree ("board_id","short_rom_code");