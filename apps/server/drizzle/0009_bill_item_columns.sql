-- Bill items carry the PAYE columns as typed columns (a jsonb per row cost more to store than the rest of the row).
ALTER TABLE "bill_items" DROP COLUMN "details";--> statement-breakpoint
ALTER TABLE "bill_items" ADD COLUMN "nationality" text;--> statement-breakpoint
ALTER TABLE "bill_items" ADD COLUMN "designation" text;--> statement-breakpoint
ALTER TABLE "bill_items" ADD COLUMN "incomes_kobo" bigint[];--> statement-breakpoint
-- A file's items reach their parent by a rule checked once per statement instead of a foreign key
-- checked once per row: storing 100,000 items is one join, not 100,000 key look-ups (decision 0008).
-- Deleting the parent still deletes its items, as ON DELETE CASCADE did.
ALTER TABLE "bill_items" DROP CONSTRAINT "bill_items_bill_id_bills_id_fk";--> statement-breakpoint
ALTER TABLE "wht_calc_items" DROP CONSTRAINT "wht_calc_items_record_id_wht_calc_records_id_fk";--> statement-breakpoint
-- TG_ARGV: the child's key column, the parent table (keyed by id).
CREATE FUNCTION "rows_have_a_parent"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  orphan text;
BEGIN
  EXECUTE format('SELECT n.%1$I::text FROM changed_rows n WHERE NOT EXISTS (SELECT 1 FROM %2$I p WHERE p.id = n.%1$I) LIMIT 1', TG_ARGV[0], TG_ARGV[1]) INTO orphan;
  IF orphan IS NOT NULL THEN
    RAISE EXCEPTION '% refers to % %, which does not exist', TG_TABLE_NAME, TG_ARGV[1], orphan USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- TG_ARGV: the child table, its key column.
CREATE FUNCTION "delete_child_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('DELETE FROM %1$I WHERE %2$I IN (SELECT id FROM deleted_rows)', TG_ARGV[0], TG_ARGV[1]);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "bill_items_inserted_have_a_bill" AFTER INSERT ON "bill_items" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "rows_have_a_parent"('bill_id', 'bills');--> statement-breakpoint
CREATE TRIGGER "bill_items_updated_have_a_bill" AFTER UPDATE ON "bill_items" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "rows_have_a_parent"('bill_id', 'bills');--> statement-breakpoint
CREATE TRIGGER "bills_deleted_take_their_items" AFTER DELETE ON "bills" REFERENCING OLD TABLE AS deleted_rows FOR EACH STATEMENT EXECUTE FUNCTION "delete_child_rows"('bill_items', 'bill_id');--> statement-breakpoint
CREATE TRIGGER "wht_calc_items_inserted_have_a_record" AFTER INSERT ON "wht_calc_items" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "rows_have_a_parent"('record_id', 'wht_calc_records');--> statement-breakpoint
CREATE TRIGGER "wht_calc_items_updated_have_a_record" AFTER UPDATE ON "wht_calc_items" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "rows_have_a_parent"('record_id', 'wht_calc_records');--> statement-breakpoint
CREATE TRIGGER "wht_calc_records_deleted_take_their_items" AFTER DELETE ON "wht_calc_records" REFERENCING OLD TABLE AS deleted_rows FOR EACH STATEMENT EXECUTE FUNCTION "delete_child_rows"('wht_calc_items', 'record_id');
