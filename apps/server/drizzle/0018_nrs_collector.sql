ALTER TABLE "states" ADD COLUMN "collector" text DEFAULT 'state' NOT NULL;--> statement-breakpoint
ALTER TABLE "wht_calc_records" ADD COLUMN "collector" text DEFAULT 'state' NOT NULL;