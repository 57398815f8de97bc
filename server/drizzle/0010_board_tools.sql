CREATE TABLE "board_tools" (
	"board_id" uuid NOT NULL,
	"tool_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "board_tools_board_id_tool_id_pk" PRIMARY KEY("board_id","tool_id")
);
--> statement-breakpoint
ALTER TABLE "board_tools" ADD CONSTRAINT "board_tools_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_tools" ADD CONSTRAINT "board_tools_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "board_tools_tool_idx" ON "board_tools" USING btree ("tool_id");