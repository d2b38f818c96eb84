-- Chases (追号, issue 11): one basket on consecutive issues. Every issue's order is a bet row
-- created and debited (307) with the chase, linked by chase_id; its created_at is when its issue
-- opens for sale, so it shows as a bet from then on. Orders left when the chase stops are
-- cancelled and refunded (203).
-- Design: docs/chase.md.
CREATE TABLE chase (
  id bigserial PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id),
  user_id bigint NOT NULL REFERENCES users (id),
  record_code text NOT NULL UNIQUE,
  idempotency_key text NOT NULL,
  request_digest text NOT NULL,
  lottery_code text NOT NULL,
  start_issue text NOT NULL,
  chase_count smallint NOT NULL CHECK (chase_count BETWEEN 1 AND 50),
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  stop_after_win boolean NOT NULL,
  auto_buy boolean NOT NULL,
  -- 'win' (中奖即停 after a winning issue) or 'cancel' (the player), with when
  stop_reason text CHECK (stop_reason IN ('win', 'cancel')),
  stopped_at bigint,
  created_at bigint NOT NULL,
  UNIQUE (tenant_id, user_id, idempotency_key)
);
CREATE INDEX chase_user_time_idx ON chase (user_id, created_at DESC, id DESC);

ALTER TABLE bet ADD COLUMN chase_id bigint REFERENCES chase (id);
CREATE INDEX bet_chase_idx ON bet (chase_id) WHERE chase_id IS NOT NULL;
