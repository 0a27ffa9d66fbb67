CREATE TABLE "funding_differences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"wallet_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"provider" text NOT NULL,
	"transaction_id" text NOT NULL,
	"provider_reference" text,
	"provider_amount_kobo" bigint,
	"provider_status" text,
	"ledger_amount_kobo" bigint,
	"resolution" text NOT NULL,
	"detected_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payroll_uploads" ALTER COLUMN "agency_reference" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "annual_returns" ALTER COLUMN "agency_reference" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payroll_uploads" ADD COLUMN "filed_manually" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payroll_uploads" ADD COLUMN "acknowledgement_recorded_by" uuid;--> statement-breakpoint
ALTER TABLE "payroll_uploads" ADD COLUMN "acknowledgement_recorded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "annual_returns" ADD COLUMN "filed_manually" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "annual_returns" ADD COLUMN "acknowledgement_recorded_by" uuid;--> statement-breakpoint
ALTER TABLE "annual_returns" ADD COLUMN "acknowledgement_recorded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "funding_differences" ADD CONSTRAINT "funding_differences_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_differences" ADD CONSTRAINT "funding_differences_wallet_id_ledger_accounts_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "funding_differences_once" ON "funding_differences" USING btree ("provider","kind","transaction_id");--> statement-breakpoint
CREATE INDEX "funding_differences_organisation_idx" ON "funding_differences" USING btree ("organisation_id","detected_at");--> statement-breakpoint
ALTER TABLE "payroll_uploads" ADD CONSTRAINT "payroll_uploads_acknowledgement_recorded_by_users_id_fk" FOREIGN KEY ("acknowledgement_recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annual_returns" ADD CONSTRAINT "annual_returns_acknowledgement_recorded_by_users_id_fk" FOREIGN KEY ("acknowledgement_recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;