-- A WHT calculation's payees move from one row each to pages of a thousand (decision 0008): the
-- calculation never changes and is read a page at a time, and 100,000 rows took longer to store
-- than the whole calculation may take.
CREATE TABLE "wht_calc_pages" (
	"record_id" uuid NOT NULL,
	"page" integer NOT NULL,
	"items" json NOT NULL,
	CONSTRAINT "wht_calc_pages_record_id_page_pk" PRIMARY KEY("record_id","page")
);
--> statement-breakpoint
ALTER TABLE "wht_calc_pages" ADD CONSTRAINT "wht_calc_pages_record_id_wht_calc_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."wht_calc_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "wht_calc_pages" ("record_id", "page", "items")
SELECT "record_id", "position" / 1000, json_agg(json_build_array("row_number", "tax_payer_number", "name", "amount_kobo", "tax_payable_kobo") ORDER BY "position")
FROM (SELECT *, (row_number() OVER (PARTITION BY "record_id" ORDER BY "row_number")) - 1 AS "position" FROM "wht_calc_items") AS "numbered"
GROUP BY "record_id", "position" / 1000;--> statement-breakpoint
DROP TRIGGER "wht_calc_records_deleted_take_their_items" ON "wht_calc_records";--> statement-breakpoint
DROP TABLE "wht_calc_items" CASCADE;
--> statement-breakpoint
-- Stored as written, not compressed: compressing 100,000 payees took longer than storing them,
-- and a page is read on its own.
ALTER TABLE "wht_calc_pages" ALTER COLUMN "items" SET STORAGE EXTERNAL;
