CREATE UNIQUE INDEX "ledger_transactions_id_company" ON "ledger_transactions" USING btree ("id","company_id");--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_company_id_companies_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_fk" FOREIGN KEY ("transaction_id","company_id") REFERENCES "public"."ledger_transactions"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- An entry's user is checked at commit, once the movement holds that user's row: checked earlier (at the
-- end of the INSERT, before the balance update) it would take a KEY SHARE lock on a row that concurrent
-- movements are updating, and every update of that hot row would then carry a MultiXact.
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
-- One movement of credit (see packages/server/src/modules/credit/ledger.ts): the transaction row (unless
-- p_new_tx is false: an idempotent request's transaction exists already), both entries, then the balances,
-- the debited one by a conditional update. The balances come last so that the hot rows are locked only for
-- the updates and the commit: the inserts, their index entries and their foreign-key checks run before.
-- A refused debit raises 'ledger movement refused' and a missing credited account 'ledger movement
-- unbalanced'; either way the statement (and so every insert above) is undone. Rows are locked company,
-- then reservation, then user. Answers the debited and credited balances after the movement (null for
-- 'external' and 'usage').
CREATE FUNCTION "ledger_move"(
  p_company uuid, p_kind varchar, p_from varchar, p_to varchar, p_user uuid, p_reservation uuid,
  p_amount bigint, p_transaction uuid, p_new_transaction boolean, p_actor uuid, p_reference varchar,
  p_memo text, p_close boolean, p_entry_from uuid, p_entry_to uuid,
  OUT debit_after bigint, OUT credit_after bigint
) LANGUAGE plpgsql AS $$
BEGIN
  IF p_amount IS NULL OR p_amount <= 0 THEN
    RAISE EXCEPTION 'ledger movement amount must be positive';
  END IF;
  IF p_new_transaction THEN
    INSERT INTO "ledger_transactions" ("id", "company_id", "kind", "actor_id", "memo")
    VALUES (p_transaction, p_company, p_kind, p_actor, p_memo);
  END IF;
  INSERT INTO "ledger_entries"
    ("id", "company_id", "transaction_id", "account", "user_id", "reservation_id", "amount_cents", "kind",
     "actor_id", "reference")
  VALUES
    (p_entry_from, p_company, p_transaction, p_from,
     CASE WHEN p_from IN ('user', 'reserved') THEN p_user END,
     CASE WHEN p_from = 'reserved' THEN p_reservation END, -p_amount, p_kind, p_actor, p_reference),
    (p_entry_to, p_company, p_transaction, p_to,
     CASE WHEN p_to IN ('user', 'reserved') THEN p_user END,
     CASE WHEN p_to = 'reserved' THEN p_reservation END, p_amount, p_kind, p_actor, p_reference);
  -- Into the company from a user or a reservation: the company row first (lock order).
  IF p_to = 'company' AND p_from IN ('user', 'reserved') THEN
    PERFORM 1 FROM "companies" WHERE "id" = p_company FOR NO KEY UPDATE;
  END IF;
  IF p_from = 'company' THEN
    UPDATE "companies" SET "credit_cents" = "credit_cents" - p_amount
     WHERE "id" = p_company AND "credit_cents" >= p_amount
    RETURNING "credit_cents" INTO debit_after;
  ELSIF p_from = 'user' THEN
    UPDATE "users" SET "credit_cents" = "credit_cents" - p_amount
     WHERE "id" = p_user AND "company_id" = p_company AND "credit_cents" >= p_amount
    RETURNING "credit_cents" INTO debit_after;
  ELSIF p_from = 'reserved' THEN
    UPDATE "credit_reservations"
       SET "remaining_cents" = "remaining_cents" - p_amount, "updated_at" = now(),
           "status" = CASE WHEN p_close THEN 'released' ELSE "status" END
     WHERE "id" = p_reservation AND "company_id" = p_company AND "user_id" = p_user AND "status" = 'open'
       AND "remaining_cents" >= p_amount
    RETURNING "remaining_cents" INTO debit_after;
  END IF;
  IF p_from IN ('company', 'user', 'reserved') AND debit_after IS NULL THEN
    RAISE EXCEPTION 'ledger movement refused' USING ERRCODE = 'check_violation';
  END IF;
  IF p_to = 'company' THEN
    UPDATE "companies" SET "credit_cents" = "credit_cents" + p_amount WHERE "id" = p_company
    RETURNING "credit_cents" INTO credit_after;
  ELSIF p_to = 'user' THEN
    UPDATE "users" SET "credit_cents" = "credit_cents" + p_amount
     WHERE "id" = p_user AND "company_id" = p_company
    RETURNING "credit_cents" INTO credit_after;
  ELSIF p_to = 'reserved' THEN
    INSERT INTO "credit_reservations"
      ("id", "company_id", "user_id", "amount_cents", "remaining_cents", "reference", "status")
    VALUES (p_reservation, p_company, p_user, p_amount, p_amount, p_reference, 'open')
    RETURNING "remaining_cents" INTO credit_after;
  END IF;
  IF p_to IN ('company', 'user', 'reserved') AND credit_after IS NULL THEN
    RAISE EXCEPTION 'ledger movement unbalanced' USING ERRCODE = 'foreign_key_violation';
  END IF;
END;
$$;
