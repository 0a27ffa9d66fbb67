-- The file's SHA-256 (decision 0032): the same file uploaded to a record again is recognised at
-- upload. Statements kept before this get theirs from the stored bytes.
ALTER TABLE "analyser_statements" ADD COLUMN "file_sha256" text;--> statement-breakpoint
UPDATE "analyser_statements" SET "file_sha256" = encode(sha256("file"), 'hex');--> statement-breakpoint
ALTER TABLE "analyser_statements" ALTER COLUMN "file_sha256" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "analyser_statements_record_file_idx" ON "analyser_statements" USING btree ("record_id","file_sha256");
