-- Red envelopes (spec/platform.md §3-§5, §9; DESIGN.md §7). The sender's money sits in a per-envelope
-- escrow ledger account from the send until every share is grabbed or the remainder is refunded.

CREATE TABLE red_envelope_config (
  tenant_id integer PRIMARY KEY REFERENCES tenants (id),
  -- per-envelope average at most this (default 10000 yuan)
  max_amount_minor bigint NOT NULL DEFAULT 100000000,
  -- total a user may send per Beijing day
  day_limit_amount_minor bigint NOT NULL DEFAULT 500000000,
  -- envelopes a user may send per Beijing day
  day_limit_count integer NOT NULL DEFAULT 50
);

CREATE TABLE red_envelope (
  id bigserial PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id),
  sender_id bigint NOT NULL REFERENCES users (id),
  room_id bigint REFERENCES chat_room (id),
  direct_room_id bigint REFERENCES chat_direct_room (id),
  message_id bigint REFERENCES chat_message (id),
  -- 0 individual (private chat), 1 normal (equal shares), 2 lucky split
  dispatch_type smallint NOT NULL CHECK (dispatch_type IN (0, 1, 2)),
  total_minor bigint NOT NULL CHECK (total_minor > 0),
  share_count integer NOT NULL CHECK (share_count BETWEEN 1 AND 1000),
  remark text NOT NULL CHECK (char_length(remark) <= 20),
  escrow_account_id bigint NOT NULL REFERENCES wallet_account (id),
  created_at bigint NOT NULL,
  expires_at bigint NOT NULL,
  -- set once by the refund claim (UPDATE … WHERE refunded_at IS NULL)
  refunded_at bigint,
  refund_minor bigint,
  CHECK ((room_id IS NULL) <> (direct_room_id IS NULL))
);
CREATE INDEX red_envelope_sender_time_idx ON red_envelope (sender_id, created_at DESC);
CREATE INDEX red_envelope_expiry_idx ON red_envelope (expires_at) WHERE refunded_at IS NULL;

-- Shares are split when the envelope is sent; a grab claims one unclaimed share.
CREATE TABLE red_envelope_share (
  envelope_id bigint NOT NULL REFERENCES red_envelope (id),
  seq integer NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor >= 100),
  user_id bigint REFERENCES users (id),
  claimed_at bigint,
  refunded boolean NOT NULL DEFAULT false,
  PRIMARY KEY (envelope_id, seq),
  CHECK (NOT (refunded AND user_id IS NOT NULL))
);
-- one grab per user per envelope
CREATE UNIQUE INDEX red_envelope_share_one_grab ON red_envelope_share (envelope_id, user_id)
  WHERE user_id IS NOT NULL;
CREATE INDEX red_envelope_share_user_time_idx ON red_envelope_share (user_id, claimed_at DESC)
  WHERE user_id IS NOT NULL;

-- Envelope message read state per member (updateReadedRedEnvelop): 1 expired, 2 received,
-- 3 all grabbed, 4 returned, 5 all taken.
CREATE TABLE red_envelope_read (
  envelope_id bigint NOT NULL REFERENCES red_envelope (id),
  user_id bigint NOT NULL REFERENCES users (id),
  state smallint NOT NULL CHECK (state BETWEEN 1 AND 5),
  PRIMARY KEY (envelope_id, user_id)
);
