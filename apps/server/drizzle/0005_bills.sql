CREATE SEQUENCE "public"."bill_serial" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "bill_events" (
	"sequence" bigserial PRIMARY KEY NOT NULL,
	"bill_id" uuid NOT NULL,
	"status" text NOT NULL,
	"note" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bill_items" (
	"bill_id" uuid NOT NULL,
	"row_number" integer NOT NULL,
	"tax_payer_number" text NOT NULL,
	"name" text NOT NULL,
	"amount_kobo" bigint,
	"tax_payable_kobo" bigint NOT NULL,
	"expected_tax_kobo" bigint,
	"details" jsonb
);
--> statement-breakpoint
CREATE TABLE "bills" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"organisation_id" uuid NOT NULL,
	"corporation_id" uuid NOT NULL,
	"state_id" integer NOT NULL,
	"type" text NOT NULL,
	"wht_type" text,
	"tax_payer_number" text NOT NULL,
	"period_start" text NOT NULL,
	"period_end" text NOT NULL,
	"amount_due_kobo" bigint NOT NULL,
	"fee_kobo" bigint NOT NULL,
	"vat_kobo" bigint NOT NULL,
	"charge_kobo" bigint NOT NULL,
	"total_kobo" bigint NOT NULL,
	"recipient_count" integer NOT NULL,
	"status" text NOT NULL,
	"agency_reference" text,
	"receipt_number" text,
	"payment_journal_id" uuid,
	"refund_journal_id" uuid,
	"failure_reason" text,
	"idempotency_key" text,
	"created_by" uuid,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "bills_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "wht_calc_items" (
	"record_id" uuid NOT NULL,
	"row_number" integer NOT NULL,
	"tax_payer_number" text NOT NULL,
	"name" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"tax_payable_kobo" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wht_calc_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"organisation_id" uuid NOT NULL,
	"wht_type" text NOT NULL,
	"period" text NOT NULL,
	"rate_bps" integer NOT NULL,
	"item_count" integer NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"tax_payable_kobo" bigint NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wht_calc_records_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
ALTER TABLE "bill_events" ADD CONSTRAINT "bill_events_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_items" ADD CONSTRAINT "bill_items_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_corporation_id_corporations_id_fk" FOREIGN KEY ("corporation_id") REFERENCES "public"."corporations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wht_calc_items" ADD CONSTRAINT "wht_calc_items_record_id_wht_calc_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."wht_calc_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wht_calc_records" ADD CONSTRAINT "wht_calc_records_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wht_calc_records" ADD CONSTRAINT "wht_calc_records_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bill_events_bill_idx" ON "bill_events" USING btree ("bill_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "bill_items_bill_row_unique" ON "bill_items" USING btree ("bill_id","row_number");--> statement-breakpoint
CREATE UNIQUE INDEX "bills_organisation_idempotency_unique" ON "bills" USING btree ("organisation_id","idempotency_key") WHERE "bills"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "bills_organisation_created_idx" ON "bills" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "bills_corporation_state_period_idx" ON "bills" USING btree ("corporation_id","state_id","period_start");--> statement-breakpoint
CREATE UNIQUE INDEX "wht_calc_items_record_row_unique" ON "wht_calc_items" USING btree ("record_id","row_number");