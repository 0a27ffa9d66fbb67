-- Item pages as text (decision 0026): the JSON the app wrote, stored without PostgreSQL parsing it
-- on every write. A change of type resets the column's storage, so EXTERNAL (no compression) is set again.
ALTER TABLE "bill_item_pages" ALTER COLUMN "items" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "wht_calc_pages" ALTER COLUMN "items" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "bill_item_pages" ALTER COLUMN "items" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "wht_calc_pages" ALTER COLUMN "items" SET STORAGE EXTERNAL;
