CREATE TABLE "prior_paye_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"corporation_id" uuid NOT NULL,
	"state_id" integer NOT NULL,
	"tax_month" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"agency_reference" text NOT NULL,
	"paid_on" date NOT NULL,
	"rows" jsonb,
	"file_name" text,
	"recorded_by" uuid,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prior_paye_payments_tax_month_format" CHECK ("prior_paye_payments"."tax_month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "prior_paye_payments_amount_positive" CHECK ("prior_paye_payments"."amount_kobo" > 0),
	CONSTRAINT "prior_paye_payments_paid_in_or_after_month" CHECK (to_char("prior_paye_payments"."paid_on", 'YYYY-MM') >= "prior_paye_payments"."tax_month")
);
--> statement-breakpoint
ALTER TABLE "prior_paye_payments" ADD CONSTRAINT "prior_paye_payments_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prior_paye_payments" ADD CONSTRAINT "prior_paye_payments_corporation_id_corporations_id_fk" FOREIGN KEY ("corporation_id") REFERENCES "public"."corporations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prior_paye_payments" ADD CONSTRAINT "prior_paye_payments_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prior_paye_payments" ADD CONSTRAINT "prior_paye_payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "prior_paye_payments_month_unique" ON "prior_paye_payments" USING btree ("corporation_id","state_id","tax_month");--> statement-breakpoint
CREATE INDEX "prior_paye_payments_organisation_idx" ON "prior_paye_payments" USING btree ("organisation_id");