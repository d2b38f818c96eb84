-- Issue 15, the remaining account and wallet calls (docs/api.md "Remaining account and wallet calls").

-- users/destructionCheckBankCard removes a card. Its past withdrawals keep their payout_snapshot
-- (the card as it was), so the reference may fall away with the card.
ALTER TABLE withdraw_order ALTER COLUMN payout_account_id DROP NOT NULL;
ALTER TABLE withdraw_order DROP CONSTRAINT withdraw_order_payout_account_id_fkey;
ALTER TABLE withdraw_order ADD CONSTRAINT withdraw_order_payout_account_id_fkey
  FOREIGN KEY (payout_account_id) REFERENCES payout_account (id) ON DELETE SET NULL;

-- users/uploadImage: a player's own avatar pictures (re-encoded JPEG under DATA_DIR/avatars).
CREATE TABLE user_image (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  path text NOT NULL UNIQUE,
  bytes integer NOT NULL,
  created_at bigint NOT NULL
);
CREATE INDEX user_image_user_idx ON user_image (user_id, id);

-- files/uploadImageFiles: payment proof pictures of a digital-currency deposit order, stored
-- privately (DATA_DIR/deposit-proofs) for the operator; at most 5 per order (checked under the
-- order's row lock). transaction/digitalCurrencyOrderImageCount counts them.
CREATE TABLE deposit_proof_image (
  id bigserial PRIMARY KEY,
  order_no text NOT NULL REFERENCES deposit_order (order_no),
  user_id bigint NOT NULL REFERENCES users (id),
  name text NOT NULL UNIQUE,
  bytes integer NOT NULL,
  created_at bigint NOT NULL
);
CREATE INDEX deposit_proof_image_order_idx ON deposit_proof_image (order_no);
