-- Double-entry ledger (DESIGN.md §5). Every balance change is one ledger_txn whose entries sum to
-- Times are epoch milliseconds from the server clock, like the foundation tables.
-- zero; entries are never updated or deleted (enforced by trigger below).

CREATE TABLE wallet_account (
  id bigserial PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id),
  -- player: a user's spendable balance; escrow: money held for a user (pending withdrawals) or
  -- for red envelopes; house: the operator's side of bets, bonuses and payouts; clearing: what a
  -- payment channel owes us; savings: yuebao.
  kind text NOT NULL CHECK (kind IN ('player', 'escrow', 'house', 'clearing', 'savings')),
  user_id bigint REFERENCES users (id),
  -- unique name inside the tenant: 'player:<userId>', 'escrow:withdraw:<userId>', 'house', 'clearing:<channel>'
  code text NOT NULL,
  -- counterparty accounts (house, clearing) may go below zero; players, escrow and savings never.
  may_go_negative boolean NOT NULL DEFAULT false,
  balance_minor bigint NOT NULL DEFAULT 0,
  created_at bigint NOT NULL,
  UNIQUE (tenant_id, code),
  CHECK (may_go_negative OR balance_minor >= 0)
);
CREATE INDEX wallet_account_user_idx ON wallet_account (user_id) WHERE user_id IS NOT NULL;

CREATE TABLE ledger_txn (
  id bigserial PRIMARY KEY,
  -- also the transfer's id: replaying the same key returns the first result and changes nothing
  idempotency_key text NOT NULL UNIQUE,
  type_code integer NOT NULL CHECK (type_code BETWEEN 101 AND 699),
  related_kind text,
  related_id text,
  remark text,
  created_at bigint NOT NULL
);

CREATE TABLE ledger_entry (
  id bigserial PRIMARY KEY,
  txn_id bigint NOT NULL REFERENCES ledger_txn (id),
  account_id bigint NOT NULL REFERENCES wallet_account (id),
  amount_minor bigint NOT NULL CHECK (amount_minor <> 0),
  balance_after_minor bigint NOT NULL,
  -- copied from the transaction so a player's record list is one index range scan
  type_code integer NOT NULL,
  created_at bigint NOT NULL,
  UNIQUE (txn_id, account_id)
);
CREATE INDEX ledger_entry_account_time_idx ON ledger_entry (account_id, created_at DESC, id DESC);

CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger rows are append-only (% on %)', TG_OP, TG_TABLE_NAME;
END;
$$;
CREATE TRIGGER ledger_entry_append_only BEFORE UPDATE OR DELETE ON ledger_entry
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER ledger_txn_append_only BEFORE UPDATE OR DELETE ON ledger_txn
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
