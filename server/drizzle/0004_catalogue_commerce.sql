CREATE SEQUENCE "public"."order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1000001 CACHE 1;--> statement-breakpoint
CREATE TABLE "billing_information" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"company_name" text,
	"billing_address" jsonb,
	"shipping_address" jsonb,
	"tax_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bundle_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bundle_id" uuid NOT NULL,
	"version" text NOT NULL,
	"description" text,
	"released" boolean DEFAULT false NOT NULL,
	"tool_versions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"feature_id" text NOT NULL,
	"title" text NOT NULL,
	"type" text DEFAULT 'document' NOT NULL,
	"filename" text NOT NULL,
	"description" text,
	"url" text NOT NULL,
	"public" boolean DEFAULT true NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', coalesce(title, '') || ' ' || coalesce(feature_id, '') || ' ' || coalesce(description, '') || ' ' || coalesce(filename, ''))) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"entry_keys" text[] NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text NOT NULL,
	"open" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "export_access_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"tool_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"comment" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "installation_keys" (
	"installer_id" uuid NOT NULL,
	"key" text NOT NULL,
	"seq" integer GENERATED ALWAYS AS IDENTITY (sequence name "installation_keys_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "installation_keys_installer_id_key_pk" PRIMARY KEY("installer_id","key")
);
--> statement-breakpoint
CREATE TABLE "installers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"tool_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "licenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"order_position_id" uuid,
	"product" text NOT NULL,
	"feature_id" text NOT NULL,
	"version" text,
	"type" text NOT NULL,
	"granted_at" timestamp with time zone NOT NULL,
	"expiration" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"comments" text
);
--> statement-breakpoint
CREATE TABLE "metadata_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_positions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"entry_type" text NOT NULL,
	"feature_id" text NOT NULL,
	"version" text,
	"name" text NOT NULL,
	"price_cents" integer,
	"currency" text,
	"status" text DEFAULT 'in-progress' NOT NULL,
	"comment" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"user_id" uuid NOT NULL,
	"checkout_id" uuid,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"paid" boolean DEFAULT false NOT NULL,
	"payment_method" text,
	"total_cents" integer,
	"currency" text,
	"requested_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"checkout_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_session_id" text NOT NULL,
	"payment_url" text NOT NULL,
	"status" text DEFAULT 'started' NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"failure_reason" text,
	"payment_method" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questionnaires" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"questionnaire_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"choices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"dependent_questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"optional" boolean DEFAULT false NOT NULL,
	"autofill_type" text DEFAULT 'none' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "software_bundles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"uuid" text NOT NULL,
	"name" text NOT NULL,
	"orderable" boolean DEFAULT true NOT NULL,
	"released" boolean DEFAULT false NOT NULL,
	"icon_url" text,
	"hardware_names" text[] DEFAULT '{}'::text[] NOT NULL,
	"tool_feature_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"document_feature_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"selected_features" text[] DEFAULT '{}'::text[] NOT NULL,
	"questionnaire_id" uuid,
	"request_flow" text DEFAULT 'cart' NOT NULL,
	"request_url" text,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', coalesce(name, '') || ' ' || coalesce(uuid, ''))) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tool_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"os" text NOT NULL,
	"architecture" text NOT NULL,
	"kind" text,
	"filetype" text,
	"filesize" bigint NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tool_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tool_id" uuid NOT NULL,
	"version" text NOT NULL,
	"version_numeric" double precision,
	"description" text,
	"orderable" boolean DEFAULT true NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"protocol_link" text,
	"spn" text,
	"price" jsonb,
	"public" boolean DEFAULT true NOT NULL,
	"can_download" boolean DEFAULT true NOT NULL,
	"release_notes" text,
	"export_controlled" boolean DEFAULT false NOT NULL,
	"export_control_classifications" text[] DEFAULT '{}'::text[] NOT NULL,
	"links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"dependencies" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"additional_attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tools" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"feature_id" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"icon" text,
	"description" text,
	"external_url" text,
	"request_flow" text DEFAULT 'cart' NOT NULL,
	"request_url" text,
	"is_online_tool" boolean DEFAULT false NOT NULL,
	"is_installable_via_launcher" boolean DEFAULT false NOT NULL,
	"is_removed" boolean DEFAULT false NOT NULL,
	"questionnaire_id" uuid,
	"license_text" text,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', coalesce(name, '') || ' ' || coalesce(feature_id, '') || ' ' || coalesce(description, ''))) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_information" ADD CONSTRAINT "billing_information_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_versions" ADD CONSTRAINT "bundle_versions_bundle_id_software_bundles_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."software_bundles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_access_requests" ADD CONSTRAINT "export_access_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_access_requests" ADD CONSTRAINT "export_access_requests_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_access_requests" ADD CONSTRAINT "export_access_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installation_keys" ADD CONSTRAINT "installation_keys_installer_id_installers_id_fk" FOREIGN KEY ("installer_id") REFERENCES "public"."installers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installers" ADD CONSTRAINT "installers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installers" ADD CONSTRAINT "installers_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_order_position_id_order_positions_id_fk" FOREIGN KEY ("order_position_id") REFERENCES "public"."order_positions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_positions" ADD CONSTRAINT "order_positions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_positions" ADD CONSTRAINT "order_positions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_sessions" ADD CONSTRAINT "payment_sessions_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_questionnaire_id_questionnaires_id_fk" FOREIGN KEY ("questionnaire_id") REFERENCES "public"."questionnaires"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "software_bundles" ADD CONSTRAINT "software_bundles_questionnaire_id_questionnaires_id_fk" FOREIGN KEY ("questionnaire_id") REFERENCES "public"."questionnaires"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_files" ADD CONSTRAINT "tool_files_version_id_tool_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."tool_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_versions" ADD CONSTRAINT "tool_versions_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_questionnaire_id_questionnaires_id_fk" FOREIGN KEY ("questionnaire_id") REFERENCES "public"."questionnaires"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bundle_versions_bundle_version_key" ON "bundle_versions" USING btree ("bundle_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "catalogue_documents_feature_id_key" ON "catalogue_documents" USING btree ("feature_id");--> statement-breakpoint
CREATE INDEX "catalogue_documents_title_idx" ON "catalogue_documents" USING btree ("title","id");--> statement-breakpoint
CREATE INDEX "catalogue_documents_updated_idx" ON "catalogue_documents" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "catalogue_documents_search_idx" ON "catalogue_documents" USING gin ("search");--> statement-breakpoint
CREATE UNIQUE INDEX "checkouts_open_key" ON "checkouts" USING btree ("idempotency_key") WHERE "checkouts"."open";--> statement-breakpoint
CREATE INDEX "checkouts_key_created_idx" ON "checkouts" USING btree ("idempotency_key","created_at");--> statement-breakpoint
CREATE INDEX "checkouts_user_idx" ON "checkouts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "export_access_requests_open_key" ON "export_access_requests" USING btree ("user_id","tool_id") WHERE "export_access_requests"."status" in ('pending', 'granted');--> statement-breakpoint
CREATE INDEX "export_access_requests_status_idx" ON "export_access_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "installation_keys_created_idx" ON "installation_keys" USING btree ("installer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "installers_user_tool_key" ON "installers" USING btree ("user_id","tool_id");--> statement-breakpoint
CREATE INDEX "licenses_user_idx" ON "licenses" USING btree ("user_id","granted_at");--> statement-breakpoint
CREATE INDEX "licenses_granted_idx" ON "licenses" USING btree ("granted_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "licenses_position_key" ON "licenses" USING btree ("order_position_id");--> statement-breakpoint
CREATE INDEX "order_positions_order_idx" ON "order_positions" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "order_positions_feature_idx" ON "order_positions" USING btree ("feature_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_key" ON "orders" USING btree ("number");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","requested_at");--> statement-breakpoint
CREATE INDEX "orders_requested_idx" ON "orders" USING btree ("requested_at","id");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status","requested_at");--> statement-breakpoint
CREATE INDEX "orders_checkout_idx" ON "orders" USING btree ("checkout_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_sessions_checkout_key" ON "payment_sessions" USING btree ("checkout_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_sessions_provider_key" ON "payment_sessions" USING btree ("provider","provider_session_id");--> statement-breakpoint
CREATE INDEX "questionnaires_name_idx" ON "questionnaires" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "questions_questionnaire_idx" ON "questions" USING btree ("questionnaire_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "software_bundles_uuid_key" ON "software_bundles" USING btree ("uuid");--> statement-breakpoint
CREATE INDEX "software_bundles_name_idx" ON "software_bundles" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "software_bundles_updated_idx" ON "software_bundles" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "software_bundles_search_idx" ON "software_bundles" USING gin ("search");--> statement-breakpoint
CREATE INDEX "software_bundles_questionnaire_idx" ON "software_bundles" USING btree ("questionnaire_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tool_files_version_name_key" ON "tool_files" USING btree ("version_id","file_name");--> statement-breakpoint
CREATE UNIQUE INDEX "tool_versions_tool_version_key" ON "tool_versions" USING btree ("tool_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "tools_feature_id_key" ON "tools" USING btree ("feature_id");--> statement-breakpoint
CREATE INDEX "tools_name_idx" ON "tools" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "tools_type_name_idx" ON "tools" USING btree ("type","name","id");--> statement-breakpoint
CREATE INDEX "tools_updated_idx" ON "tools" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "tools_search_idx" ON "tools" USING gin ("search");--> statement-breakpoint
CREATE INDEX "tools_questionnaire_idx" ON "tools" USING btree ("questionnaire_id");