CREATE TABLE "board_documents" (
	"board_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"primary" boolean DEFAULT false NOT NULL,
	CONSTRAINT "board_documents_board_id_document_id_pk" PRIMARY KEY("board_id","document_id")
);
--> statement-breakpoint
CREATE TABLE "board_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"board_id" uuid NOT NULL,
	"title" text NOT NULL,
	"url" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "board_partners" (
	"board_id" uuid NOT NULL,
	"partner_id" uuid NOT NULL,
	CONSTRAINT "board_partners_board_id_partner_id_pk" PRIMARY KEY("board_id","partner_id")
);
--> statement-breakpoint
CREATE TABLE "board_permissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"board_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "board_restrictions" (
	"board_id" uuid NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "board_restrictions_board_id_email_pk" PRIMARY KEY("board_id","email")
);
--> statement-breakpoint
CREATE TABLE "board_user_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"board_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"type" text DEFAULT 'document' NOT NULL,
	"filename" text NOT NULL,
	"url" text NOT NULL,
	"source" text DEFAULT 'custom' NOT NULL,
	"exclusive" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "esim_profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"iccid" text NOT NULL,
	"activation_code" text NOT NULL,
	"profile_name" text NOT NULL,
	"service_provider_name" text NOT NULL,
	"project_id" uuid,
	"user_id" uuid,
	"assigned_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "getting_started_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"board_id" uuid NOT NULL,
	"dip_step_id" uuid,
	"title" text NOT NULL,
	"description" text,
	"url" text,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"password_hash" text NOT NULL,
	"created_by" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"project_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"enabled" boolean NOT NULL,
	CONSTRAINT "notification_settings_project_id_user_id_type_pk" PRIMARY KEY("project_id","user_id","type")
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"link_url" text NOT NULL,
	"logo_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_members" (
	"project_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_members_project_id_user_id_pk" PRIMARY KEY("project_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"board_id" uuid NOT NULL,
	"serial_number_id" uuid,
	"company_space_id" uuid,
	"status" text DEFAULT 'active' NOT NULL,
	"dip_status" text,
	"secure" boolean DEFAULT false NOT NULL,
	"sales_code" text,
	"short_rom_code" text,
	"owner_company" text,
	"group_name" text,
	"solution" text,
	"variant" text,
	"product" text,
	"development_code" text,
	"company_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "serial_numbers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"board_id" uuid NOT NULL,
	"value" text NOT NULL,
	"multi_registration" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "boards" ADD COLUMN "features" text;--> statement-breakpoint
ALTER TABLE "boards" ADD COLUMN "benefits" text;--> statement-breakpoint
ALTER TABLE "boards" ADD COLUMN "serialnumber" text;--> statement-breakpoint
ALTER TABLE "boards" ADD COLUMN "public_key" text;--> statement-breakpoint
ALTER TABLE "boards" ADD COLUMN "support_link" text;--> statement-breakpoint
ALTER TABLE "board_documents" ADD CONSTRAINT "board_documents_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_documents" ADD CONSTRAINT "board_documents_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_links" ADD CONSTRAINT "board_links_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_partners" ADD CONSTRAINT "board_partners_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_partners" ADD CONSTRAINT "board_partners_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_permissions" ADD CONSTRAINT "board_permissions_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_permissions" ADD CONSTRAINT "board_permissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_restrictions" ADD CONSTRAINT "board_restrictions_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_user_links" ADD CONSTRAINT "board_user_links_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_user_links" ADD CONSTRAINT "board_user_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esim_profiles" ADD CONSTRAINT "esim_profiles_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esim_profiles" ADD CONSTRAINT "esim_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "getting_started_items" ADD CONSTRAINT "getting_started_items_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_members" ADD CONSTRAINT "project_members_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_members" ADD CONSTRAINT "project_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_serial_number_id_serial_numbers_id_fk" FOREIGN KEY ("serial_number_id") REFERENCES "public"."serial_numbers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_company_space_id_company_spaces_id_fk" FOREIGN KEY ("company_space_id") REFERENCES "public"."company_spaces"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "serial_numbers" ADD CONSTRAINT "serial_numbers_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "board_documents_document_idx" ON "board_documents" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "board_links_board_idx" ON "board_links" USING btree ("board_id","position");--> statement-breakpoint
CREATE INDEX "board_partners_partner_idx" ON "board_partners" USING btree ("partner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "board_permissions_board_user_key" ON "board_permissions" USING btree ("board_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "board_user_links_key" ON "board_user_links" USING btree ("kind","board_id","user_id");--> statement-breakpoint
CREATE INDEX "board_user_links_user_idx" ON "board_user_links" USING btree ("user_id","kind");--> statement-breakpoint
CREATE INDEX "documents_title_idx" ON "documents" USING btree (lower("title"));--> statement-breakpoint
CREATE UNIQUE INDEX "esim_profiles_iccid_key" ON "esim_profiles" USING btree ("iccid");--> statement-breakpoint
CREATE INDEX "esim_profiles_user_idx" ON "esim_profiles" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "getting_started_board_idx" ON "getting_started_items" USING btree ("board_id","dip_step_id","position");--> statement-breakpoint
CREATE INDEX "invitations_project_idx" ON "invitations" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "partners_name_idx" ON "partners" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "project_members_user_idx" ON "project_members" USING btree ("user_id","project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "project_members_single_role_key" ON "project_members" USING btree ("project_id","role") WHERE "project_members"."role" in ('owner', 'substitute', 'fae');--> statement-breakpoint
CREATE INDEX "projects_updated_idx" ON "projects" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "projects_created_idx" ON "projects" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "projects_name_idx" ON "projects" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "projects_group_idx" ON "projects" USING btree ("group_name","id");--> statement-breakpoint
CREATE INDEX "projects_status_idx" ON "projects" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "projects_src_idx" ON "projects" USING btree ("short_rom_code","id");--> statement-breakpoint
CREATE INDEX "projects_sales_code_idx" ON "projects" USING btree ("sales_code","id");--> statement-breakpoint
CREATE INDEX "projects_solution_idx" ON "projects" USING btree ("solution","id");--> statement-breakpoint
CREATE INDEX "projects_variant_idx" ON "projects" USING btree ("variant","id");--> statement-breakpoint
CREATE INDEX "projects_product_idx" ON "projects" USING btree ("product","id");--> statement-breakpoint
CREATE INDEX "projects_board_idx" ON "projects" USING btree ("board_id");--> statement-breakpoint
CREATE INDEX "projects_serial_number_idx" ON "projects" USING btree ("serial_number_id");--> statement-breakpoint
CREATE INDEX "projects_company_space_idx" ON "projects" USING btree ("company_space_id");--> statement-breakpoint
CREATE UNIQUE INDEX "projects_short_rom_code_key" ON "projects" USING btree ("short_rom_code");--> statement-breakpoint
CREATE UNIQUE INDEX "serial_numbers_value_key" ON "serial_numbers" USING btree ("value");--> statement-breakpoint
CREATE INDEX "serial_numbers_board_idx" ON "serial_numbers" USING btree ("board_id","value");