-- Statement files and stored pages in parts (decision 0054): a file kept before this becomes its
-- statement's one part, and a page kept before this its page's part 0.
CREATE TABLE "analyser_statement_file_parts" (
	"statement_id" uuid NOT NULL,
	"part" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "analyser_statement_file_parts_statement_id_part_pk" PRIMARY KEY("statement_id","part")
);
--> statement-breakpoint
ALTER TABLE "analyser_statement_pages" ADD COLUMN "part" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analyser_statement_pages" DROP CONSTRAINT "analyser_statement_pages_statement_id_page_pk";--> statement-breakpoint
ALTER TABLE "analyser_statement_pages" ADD CONSTRAINT "analyser_statement_pages_statement_id_page_part_pk" PRIMARY KEY("statement_id","page","part");--> statement-breakpoint
ALTER TABLE "analyser_statement_file_parts" ADD CONSTRAINT "analyser_statement_file_parts_statement_id_analyser_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."analyser_statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "analyser_statement_file_parts" ("statement_id", "part", "bytes") SELECT "id", 0, "file" FROM "analyser_statements";--> statement-breakpoint
ALTER TABLE "analyser_statements" DROP COLUMN "file";