CREATE TABLE "credit_notes" (
	"bill_id" uuid NOT NULL,
	"row_number" integer NOT NULL,
	"organisation_id" uuid NOT NULL,
	"corporation_id" uuid NOT NULL,
	"tax_payer_number" text NOT NULL,
	"name" text NOT NULL,
	"bill_reference" text NOT NULL,
	"wht_type" text NOT NULL,
	"period_start" text NOT NULL,
	"gross_kobo" bigint,
	"tax_kobo" bigint NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	CONSTRAINT "credit_notes_bill_id_row_number_pk" PRIMARY KEY("bill_id","row_number")
);
--> statement-breakpoint
CREATE TABLE "vendors" (
	"organisation_id" uuid NOT NULL,
	"tax_payer_number" text NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendors_organisation_id_tax_payer_number_pk" PRIMARY KEY("organisation_id","tax_payer_number")
);
--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_corporation_id_corporations_id_fk" FOREIGN KEY ("corporation_id") REFERENCES "public"."corporations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_notes_vendor_idx" ON "credit_notes" USING btree ("organisation_id","tax_payer_number","period_start");--> statement-breakpoint
-- Backfill (decision 0023): every payee row of the WHT bills already paid becomes a credit note,
-- and every payee a vendor named as on their latest note.
INSERT INTO "credit_notes" ("bill_id", "row_number", "organisation_id", "corporation_id", "tax_payer_number", "name", "bill_reference", "wht_type", "period_start", "gross_kobo", "tax_kobo", "paid_at")
SELECT b."id", (item->>0)::integer, b."organisation_id", b."corporation_id", item->>1, item->>2, b."reference", b."wht_type", b."period_start", (item->>3)::bigint, (item->>4)::bigint, b."paid_at"
FROM "bills" b
JOIN "bill_item_pages" p ON p."bill_id" = b."id"
CROSS JOIN LATERAL json_array_elements(p."items"::json) AS item
WHERE b."type" = 'wht' AND b."status" = 'payment_paid' AND b."paid_at" IS NOT NULL AND b."wht_type" IS NOT NULL
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "vendors" ("organisation_id", "tax_payer_number", "name")
SELECT DISTINCT ON ("organisation_id", "tax_payer_number") "organisation_id", "tax_payer_number", "name"
FROM "credit_notes"
ORDER BY "organisation_id", "tax_payer_number", "paid_at" DESC, "row_number" DESC
ON CONFLICT DO NOTHING;
