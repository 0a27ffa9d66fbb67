ALTER TABLE "analyser_statements" ADD COLUMN "period_source" text;--> statement-breakpoint
ALTER TABLE "analyser_statements" ADD COLUMN "confidence" jsonb;--> statement-breakpoint
ALTER TABLE "analyser_statements" ADD COLUMN "notes" jsonb DEFAULT '[]'::jsonb NOT NULL;