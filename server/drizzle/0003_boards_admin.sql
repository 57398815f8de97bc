DROP INDEX "partners_name_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "board_documents_primary_key" ON "board_documents" USING btree ("board_id") WHERE "board_documents"."primary";--> statement-breakpoint
CREATE UNIQUE INDEX "partners_name_key" ON "partners" USING btree (lower("name"));