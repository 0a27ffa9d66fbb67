CREATE TABLE "wht_nil_declarations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"corporation_id" uuid NOT NULL,
	"state_id" integer NOT NULL,
	"tax_month" text NOT NULL,
	"declared_by" uuid NOT NULL,
	"declared_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wht_nil_declarations_tax_month_format" CHECK ("wht_nil_declarations"."tax_month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$')
);
--> statement-breakpoint
ALTER TABLE "wht_nil_declarations" ADD CONSTRAINT "wht_nil_declarations_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wht_nil_declarations" ADD CONSTRAINT "wht_nil_declarations_corporation_id_corporations_id_fk" FOREIGN KEY ("corporation_id") REFERENCES "public"."corporations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wht_nil_declarations" ADD CONSTRAINT "wht_nil_declarations_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wht_nil_declarations" ADD CONSTRAINT "wht_nil_declarations_declared_by_users_id_fk" FOREIGN KEY ("declared_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wht_nil_declarations_corporation_state_month_unique" ON "wht_nil_declarations" USING btree ("corporation_id","state_id","tax_month");