CREATE TABLE "dip_assets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"step_id" uuid NOT NULL,
	"filename" text NOT NULL,
	"storage_key" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"kind" text NOT NULL,
	"uploaded_by" uuid,
	"uploader_email" text NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"scan_status" text NOT NULL,
	"metadata" jsonb,
	"referenced_files" text[],
	"customer_complete" boolean
);
--> statement-breakpoint
CREATE TABLE "dip_follow_ups" (
	"board_id" uuid PRIMARY KEY NOT NULL,
	"next_board_id" uuid NOT NULL,
	"next_owner_email" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dip_step_results" (
	"project_id" uuid NOT NULL,
	"step_id" uuid NOT NULL,
	"value" text,
	"checked" boolean,
	"comment" text,
	"child_project_id" uuid,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone,
	"completed_by" uuid,
	"completed_at" timestamp with time zone,
	"system_error" text,
	CONSTRAINT "dip_step_results_project_id_step_id_pk" PRIMARY KEY("project_id","step_id")
);
--> statement-breakpoint
CREATE TABLE "dip_steps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"board_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"resolver_roles" text[] NOT NULL,
	"completer" text,
	"completion_type" text,
	"confirmation_required" boolean DEFAULT false NOT NULL,
	"csa_reset" boolean DEFAULT false NOT NULL,
	"secure" boolean DEFAULT false NOT NULL,
	"child_board_ispn" text,
	"child_owner_email" text,
	"child_substitute_email" text,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_dips" (
	"project_id" uuid PRIMARY KEY NOT NULL,
	"follow_up_project_id" uuid,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "secure_workflow_configs" (
	"board_id" uuid PRIMARY KEY NOT NULL,
	"accepted_file_types" text[] NOT NULL,
	"delete_policy" text DEFAULT 'before_resolve' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xml_validation_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"board_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"type" text NOT NULL,
	"xpath" text NOT NULL,
	"metadata_key" text,
	"error_message" text
);
--> statement-breakpoint
ALTER TABLE "dip_assets" ADD CONSTRAINT "dip_assets_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dip_assets" ADD CONSTRAINT "dip_assets_step_id_dip_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."dip_steps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dip_assets" ADD CONSTRAINT "dip_assets_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dip_follow_ups" ADD CONSTRAINT "dip_follow_ups_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dip_follow_ups" ADD CONSTRAINT "dip_follow_ups_next_board_id_boards_id_fk" FOREIGN KEY ("next_board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dip_step_results" ADD CONSTRAINT "dip_step_results_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dip_step_results" ADD CONSTRAINT "dip_step_results_step_id_dip_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."dip_steps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dip_step_results" ADD CONSTRAINT "dip_step_results_child_project_id_projects_id_fk" FOREIGN KEY ("child_project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dip_step_results" ADD CONSTRAINT "dip_step_results_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dip_step_results" ADD CONSTRAINT "dip_step_results_completed_by_users_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dip_steps" ADD CONSTRAINT "dip_steps_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_dips" ADD CONSTRAINT "project_dips_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_dips" ADD CONSTRAINT "project_dips_follow_up_project_id_projects_id_fk" FOREIGN KEY ("follow_up_project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secure_workflow_configs" ADD CONSTRAINT "secure_workflow_configs_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xml_validation_entries" ADD CONSTRAINT "xml_validation_entries_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dip_assets_step_name_key" ON "dip_assets" USING btree ("project_id","step_id",lower("filename"));--> statement-breakpoint
CREATE INDEX "dip_assets_project_idx" ON "dip_assets" USING btree ("project_id","uploaded_at");--> statement-breakpoint
CREATE INDEX "dip_assets_step_idx" ON "dip_assets" USING btree ("step_id");--> statement-breakpoint
CREATE INDEX "dip_step_results_step_idx" ON "dip_step_results" USING btree ("step_id");--> statement-breakpoint
CREATE INDEX "dip_step_results_child_project_idx" ON "dip_step_results" USING btree ("child_project_id");--> statement-breakpoint
CREATE INDEX "dip_steps_board_idx" ON "dip_steps" USING btree ("board_id","position");--> statement-breakpoint
CREATE INDEX "project_dips_follow_up_idx" ON "project_dips" USING btree ("follow_up_project_id");--> statement-breakpoint
CREATE INDEX "xml_validation_entries_board_idx" ON "xml_validation_entries" USING btree ("board_id","position");