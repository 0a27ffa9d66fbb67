ALTER TABLE "bills" ADD COLUMN "residents_elsewhere" jsonb;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "residents_elsewhere_reason" text;