CREATE TABLE "analyser_column_mappings" (
	"statement_id" uuid PRIMARY KEY NOT NULL,
	"mapping" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analyser_corrections" (
	"statement_id" uuid NOT NULL,
	"index" integer NOT NULL,
	"fields" jsonb NOT NULL,
	"original" jsonb NOT NULL,
	"corrected_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analyser_corrections_statement_id_index_pk" PRIMARY KEY("statement_id","index")
);
--> statement-breakpoint
CREATE TABLE "analyser_folders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analyser_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"folder_id" uuid NOT NULL,
	"name" text NOT NULL,
	"account_number" text,
	"bank_name" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analyser_statement_pages" (
	"statement_id" uuid NOT NULL,
	"page" integer NOT NULL,
	"lines" jsonb NOT NULL,
	CONSTRAINT "analyser_statement_pages_statement_id_page_pk" PRIMARY KEY("statement_id","page")
);
--> statement-breakpoint
CREATE TABLE "analyser_statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"record_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"mime_type" text NOT NULL,
	"file_size" integer NOT NULL,
	"file" "bytea" NOT NULL,
	"pending_password" text,
	"run" integer DEFAULT 1 NOT NULL,
	"status" text NOT NULL,
	"stage" text NOT NULL,
	"progress_done" integer DEFAULT 0 NOT NULL,
	"progress_total" integer DEFAULT 0 NOT NULL,
	"progress_percent" integer DEFAULT 0 NOT NULL,
	"verdict" text,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"checks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"period_start" text,
	"period_end" text,
	"opening_balance_kobo" bigint,
	"closing_balance_kobo" bigint,
	"total_debits_kobo" bigint,
	"total_credits_kobo" bigint,
	"transaction_count" integer,
	"printed" jsonb,
	"account_name" text,
	"account_number" text,
	"bank_name" text,
	"layout_id" text,
	"header_labels" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"page_count" integer,
	"metadata" jsonb,
	"skipped_rows" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"analysis" jsonb,
	"error_code" text,
	"error_message" text,
	"created_by" uuid,
	"analysed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analyser_transactions" (
	"statement_id" uuid NOT NULL,
	"index" integer NOT NULL,
	"date" text NOT NULL,
	"value_date" text,
	"narration" text NOT NULL,
	"reference" text,
	"debit_kobo" bigint NOT NULL,
	"credit_kobo" bigint NOT NULL,
	"balance_kobo" bigint,
	"channel" text,
	"counterparty" text,
	"category" text NOT NULL,
	"charge_kind" text,
	"page" integer NOT NULL,
	"y" real NOT NULL,
	"is_corrected" boolean DEFAULT false NOT NULL,
	CONSTRAINT "analyser_transactions_statement_id_index_pk" PRIMARY KEY("statement_id","index")
);
--> statement-breakpoint
ALTER TABLE "analyser_column_mappings" ADD CONSTRAINT "analyser_column_mappings_statement_id_analyser_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."analyser_statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analyser_column_mappings" ADD CONSTRAINT "analyser_column_mappings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analyser_corrections" ADD CONSTRAINT "analyser_corrections_statement_id_analyser_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."analyser_statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analyser_corrections" ADD CONSTRAINT "analyser_corrections_corrected_by_users_id_fk" FOREIGN KEY ("corrected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analyser_folders" ADD CONSTRAINT "analyser_folders_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analyser_folders" ADD CONSTRAINT "analyser_folders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analyser_records" ADD CONSTRAINT "analyser_records_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analyser_records" ADD CONSTRAINT "analyser_records_folder_id_analyser_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."analyser_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analyser_records" ADD CONSTRAINT "analyser_records_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analyser_statement_pages" ADD CONSTRAINT "analyser_statement_pages_statement_id_analyser_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."analyser_statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analyser_statements" ADD CONSTRAINT "analyser_statements_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analyser_statements" ADD CONSTRAINT "analyser_statements_record_id_analyser_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."analyser_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analyser_statements" ADD CONSTRAINT "analyser_statements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analyser_transactions" ADD CONSTRAINT "analyser_transactions_statement_id_analyser_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."analyser_statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "analyser_folders_organisation_name_unique" ON "analyser_folders" USING btree ("organisation_id",lower(trim("name")));--> statement-breakpoint
CREATE INDEX "analyser_records_folder_idx" ON "analyser_records" USING btree ("folder_id","created_at");--> statement-breakpoint
CREATE INDEX "analyser_statements_record_idx" ON "analyser_statements" USING btree ("record_id","created_at");--> statement-breakpoint
CREATE INDEX "analyser_transactions_statement_date_idx" ON "analyser_transactions" USING btree ("statement_id","date");