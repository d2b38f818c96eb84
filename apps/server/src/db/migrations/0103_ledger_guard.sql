-- Raised from inside postTransfer's single statement when its parts disagree, so the statement
-- (and with it the claimed idempotency key and any entry) is rolled back as a whole.
CREATE FUNCTION ledger_abort(reason text) RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  RAISE EXCEPTION 'ledger transfer aborted: %', reason USING ERRCODE = 'P0001';
END;
$$;
