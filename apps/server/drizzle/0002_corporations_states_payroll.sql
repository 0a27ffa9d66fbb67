CREATE TABLE "consent_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"corporation_state_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"agency_reference" text NOT NULL,
	"email" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"requested_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consent_requests_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "corporation_states" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"corporation_id" uuid NOT NULL,
	"state_id" integer NOT NULL,
	"tax_payer_number" text NOT NULL,
	"tax_payer_name" text NOT NULL,
	"is_control_consent_given" boolean DEFAULT false NOT NULL,
	"consent_given_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "corporations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payroll_employees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"corporation_state_id" uuid NOT NULL,
	"upload_id" uuid NOT NULL,
	"row_number" integer NOT NULL,
	"tax_payer_number" text NOT NULL,
	"name" text NOT NULL,
	"nationality" text NOT NULL,
	"designation" text NOT NULL,
	"gross_income_kobo" bigint NOT NULL,
	"tax_payable_kobo" bigint NOT NULL,
	"allowances_kobo" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payroll_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"corporation_state_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"employee_count" integer NOT NULL,
	"total_tax_payable_kobo" bigint NOT NULL,
	"agency_reference" text NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consent_requests" ADD CONSTRAINT "consent_requests_corporation_state_id_corporation_states_id_fk" FOREIGN KEY ("corporation_state_id") REFERENCES "public"."corporation_states"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_requests" ADD CONSTRAINT "consent_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corporation_states" ADD CONSTRAINT "corporation_states_corporation_id_corporations_id_fk" FOREIGN KEY ("corporation_id") REFERENCES "public"."corporations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corporation_states" ADD CONSTRAINT "corporation_states_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corporation_states" ADD CONSTRAINT "corporation_states_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corporations" ADD CONSTRAINT "corporations_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corporations" ADD CONSTRAINT "corporations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_employees" ADD CONSTRAINT "payroll_employees_corporation_state_id_corporation_states_id_fk" FOREIGN KEY ("corporation_state_id") REFERENCES "public"."corporation_states"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_employees" ADD CONSTRAINT "payroll_employees_upload_id_payroll_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."payroll_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_uploads" ADD CONSTRAINT "payroll_uploads_corporation_state_id_corporation_states_id_fk" FOREIGN KEY ("corporation_state_id") REFERENCES "public"."corporation_states"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_uploads" ADD CONSTRAINT "payroll_uploads_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_uploads" ADD CONSTRAINT "payroll_uploads_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_requests_corporation_state_idx" ON "consent_requests" USING btree ("corporation_state_id");--> statement-breakpoint
CREATE UNIQUE INDEX "corporation_states_corporation_state_unique" ON "corporation_states" USING btree ("corporation_id","state_id");--> statement-breakpoint
CREATE UNIQUE INDEX "corporations_organisation_name_unique" ON "corporations" USING btree ("organisation_id",lower(trim("name")));--> statement-breakpoint
CREATE INDEX "payroll_employees_corporation_state_idx" ON "payroll_employees" USING btree ("corporation_state_id","row_number");--> statement-breakpoint
CREATE INDEX "payroll_uploads_corporation_state_idx" ON "payroll_uploads" USING btree ("corporation_state_id","created_at");