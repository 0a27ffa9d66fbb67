-- Ledger rules the database itself enforces (decision 0004).

-- Each entry carries its account's balance after it. The account row is locked first, so postings to
-- one account are applied one at a time, in order, even from concurrent transactions; a wallet entry
-- that would take the balance below zero then fails the check constraint.
CREATE FUNCTION ledger_entry_set_balance() RETURNS trigger AS $$
DECLARE
  previous bigint;
BEGIN
  PERFORM 1 FROM ledger_accounts WHERE id = NEW.account_id FOR UPDATE;
  SELECT balance_after_kobo INTO previous FROM ledger_entries
    WHERE account_id = NEW.account_id ORDER BY sequence DESC LIMIT 1;
  NEW.balance_after_kobo := COALESCE(previous, 0) + NEW.amount_kobo;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_set_balance BEFORE INSERT ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entry_set_balance();
--> statement-breakpoint

-- Every journal balances: checked at commit, once all its entries are in.
CREATE FUNCTION ledger_journal_must_balance() RETURNS trigger AS $$
DECLARE
  total bigint;
BEGIN
  SELECT COALESCE(SUM(amount_kobo), 0) INTO total FROM ledger_entries WHERE journal_id = NEW.journal_id;
  IF total <> 0 THEN
    RAISE EXCEPTION 'ledger journal % does not balance (sum %)', NEW.journal_id, total USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_journal_balances AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_journal_must_balance();
--> statement-breakpoint

-- Append-only: entries are never changed or removed, and journals are never removed.
CREATE FUNCTION ledger_refuse_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only: % on % is not allowed', TG_OP, TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_journals_keep BEFORE DELETE ON ledger_journals
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
