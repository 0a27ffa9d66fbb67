CREATE TABLE "remittance_routes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"collector" text NOT NULL,
	"tax" text NOT NULL,
	"gateway" text NOT NULL,
	"biller_id" text NOT NULL,
	"service_type_id" text NOT NULL,
	"from" text NOT NULL,
	"source" text NOT NULL,
	"created_by" uuid NOT NULL,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "gateway_charge_kobo" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "gateway_transaction_id" text;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "gateway_outcome" text;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "gateway_status" text;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "gateway_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "gateway_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "remittance_routes" ADD CONSTRAINT "remittance_routes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "remittance_routes_collector_tax_idx" ON "remittance_routes" USING btree ("collector","tax","from");