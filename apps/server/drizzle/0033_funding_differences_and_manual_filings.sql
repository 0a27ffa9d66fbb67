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
ALTER TABLE "funding_differences" ADD CONSTRAINT "funding_differences_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_differences" ADD CONSTRAINT "funding_differences_wallet_id_ledger_accounts_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "funding_differences_once" ON "funding_differences" USING btree ("provider","kind","transaction_id");--> statement-breakpoint
CREATE INDEX "funding_differences_organisation_idx" ON "funding_differences" USING btree ("organisation_id","detected_at");