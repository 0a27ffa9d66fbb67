-- Registrations made before the form asked: they owe from the month they were made in Levy (Lagos time), as alerts counted until now.
ALTER TABLE "corporation_states" ADD COLUMN "first_tax_month" text;--> statement-breakpoint
UPDATE "corporation_states" SET "first_tax_month" = to_char("created_at" AT TIME ZONE 'Africa/Lagos', 'YYYY-MM');--> statement-breakpoint
ALTER TABLE "corporation_states" ALTER COLUMN "first_tax_month" SET NOT NULL;
