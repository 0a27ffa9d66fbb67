CREATE TABLE "payroll_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"corporation_state_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"upload_id" uuid NOT NULL,
	"employee_count" integer NOT NULL,
	"total_tax_payable_kobo" bigint NOT NULL,
	"hash" text NOT NULL,
	"employees" jsonb NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bill_payroll_sources" (
	"bill_id" uuid PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"payroll_version_id" uuid
);
--> statement-breakpoint
ALTER TABLE "payroll_versions" ADD CONSTRAINT "payroll_versions_corporation_state_id_corporation_states_id_fk" FOREIGN KEY ("corporation_state_id") REFERENCES "public"."corporation_states"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_versions" ADD CONSTRAINT "payroll_versions_upload_id_payroll_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."payroll_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_versions" ADD CONSTRAINT "payroll_versions_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payroll_sources" ADD CONSTRAINT "bill_payroll_sources_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payroll_sources" ADD CONSTRAINT "bill_payroll_sources_payroll_version_id_payroll_versions_id_fk" FOREIGN KEY ("payroll_version_id") REFERENCES "public"."payroll_versions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_versions_number_unique" ON "payroll_versions" USING btree ("corporation_state_id","number");