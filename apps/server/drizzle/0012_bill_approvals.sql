CREATE TABLE "bill_numbers" (
	"corporation_id" uuid NOT NULL,
	"state_id" integer NOT NULL,
	"type" text NOT NULL,
	"period" text NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "bill_numbers_corporation_id_state_id_type_period_pk" PRIMARY KEY("corporation_id","state_id","type","period")
);
--> statement-breakpoint
ALTER TABLE "bills" DROP CONSTRAINT "bills_reference_unique";--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "supplementary" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "supplementary_reason" text;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "payees_fingerprint" text;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "approved_by" uuid;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "approved_by_name" text;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "closed_reason" text;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "settling_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bill_numbers" ADD CONSTRAINT "bill_numbers_corporation_id_corporations_id_fk" FOREIGN KEY ("corporation_id") REFERENCES "public"."corporations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_numbers" ADD CONSTRAINT "bill_numbers_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bills_corporation_reference_unique" ON "bills" USING btree ("corporation_id","reference");--> statement-breakpoint
CREATE INDEX "bills_organisation_status_idx" ON "bills" USING btree ("organisation_id","status");--> statement-breakpoint
DROP SEQUENCE "public"."bill_serial";--> statement-breakpoint
-- Bills made before numbers were counted per corporation, state, tax and month: each group goes on from its highest serial.
INSERT INTO "bill_numbers" ("corporation_id", "state_id", "type", "period", "last_number")
SELECT "corporation_id", "state_id", "type", substr("period_start", 1, 7), max(cast(right("reference", 6) AS integer))
FROM "bills" GROUP BY 1, 2, 3, 4;
