-- A bill's recipients and a WHT calculation's payees move from one row each to pages of a
-- thousand, each a JSON array of the items' values (decision 0008): they never change once written
-- and are read a page at a time or whole, and storing 100,000 rows took longer than the whole
-- request may take. Deleting a bill or a calculation deletes its pages (foreign keys again:
-- 100 rows check in no time).
CREATE TABLE "bill_item_pages" (
	"bill_id" uuid NOT NULL,
	"page" integer NOT NULL,
	"items" json NOT NULL,
	CONSTRAINT "bill_item_pages_bill_id_page_pk" PRIMARY KEY("bill_id","page")
);
--> statement-breakpoint
CREATE TABLE "wht_calc_pages" (
	"record_id" uuid NOT NULL,
	"page" integer NOT NULL,
	"items" json NOT NULL,
	CONSTRAINT "wht_calc_pages_record_id_page_pk" PRIMARY KEY("record_id","page")
);
--> statement-breakpoint
ALTER TABLE "bill_item_pages" ADD CONSTRAINT "bill_item_pages_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wht_calc_pages" ADD CONSTRAINT "wht_calc_pages_record_id_wht_calc_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."wht_calc_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Stored as written, not compressed: compressing 100,000 items took longer than storing them, and
-- a page is read on its own.
ALTER TABLE "bill_item_pages" ALTER COLUMN "items" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "wht_calc_pages" ALTER COLUMN "items" SET STORAGE EXTERNAL;--> statement-breakpoint
INSERT INTO "bill_item_pages" ("bill_id", "page", "items")
SELECT "bill_id", "position" / 1000, json_agg(json_build_array("row_number", "tax_payer_number", "name", "amount_kobo", "tax_payable_kobo", "expected_tax_kobo", "nationality", "designation", "incomes_kobo") ORDER BY "position")
FROM (SELECT *, (row_number() OVER (PARTITION BY "bill_id" ORDER BY "row_number")) - 1 AS "position" FROM "bill_items") AS "numbered"
GROUP BY "bill_id", "position" / 1000;--> statement-breakpoint
INSERT INTO "wht_calc_pages" ("record_id", "page", "items")
SELECT "record_id", "position" / 1000, json_agg(json_build_array("row_number", "tax_payer_number", "name", "amount_kobo", "tax_payable_kobo") ORDER BY "position")
FROM (SELECT *, (row_number() OVER (PARTITION BY "record_id" ORDER BY "row_number")) - 1 AS "position" FROM "wht_calc_items") AS "numbered"
GROUP BY "record_id", "position" / 1000;--> statement-breakpoint
DROP TRIGGER "bills_deleted_take_their_items" ON "bills";--> statement-breakpoint
DROP TRIGGER "wht_calc_records_deleted_take_their_items" ON "wht_calc_records";--> statement-breakpoint
DROP TABLE "bill_items" CASCADE;--> statement-breakpoint
DROP TABLE "wht_calc_items" CASCADE;--> statement-breakpoint
DROP FUNCTION "rows_have_a_parent"();--> statement-breakpoint
DROP FUNCTION "delete_child_rows"();
