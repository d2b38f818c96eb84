-- Draws (provably fair hash chains, drawn issues) and bets (orders, their lines).
-- Times are epoch milliseconds from the server clock, like the foundation tables.

-- One hash chain per lottery per business day (docs/fairness.md). seed_secret is s_N and never
-- leaves the server; head is s_0, published before the day's first issue.
CREATE TABLE draw_chain (
  id bigserial PRIMARY KEY,
  lottery_code text NOT NULL,
  business_date text NOT NULL,
  length integer NOT NULL CHECK (length >= 1),
  seed_secret text NOT NULL,
  head text NOT NULL,
  first_issue_start_ms bigint NOT NULL,
  published_at bigint NOT NULL,
  UNIQUE (lottery_code, business_date)
);

-- One row per drawn issue. settled_at marks that every bet of the issue was settled.
CREATE TABLE draw_issue (
  lottery_code text NOT NULL,
  issue text NOT NULL,
  business_date text NOT NULL,
  seq integer NOT NULL,
  draw_ms bigint NOT NULL,
  -- comma list in draw order, spelled as packages/rules draws them
  numbers text NOT NULL,
  -- STOCK: the index value whose last five digits are the numbers
  index_value text,
  source text NOT NULL CHECK (source IN ('chain', 'official')),
  chain_id bigint REFERENCES draw_chain (id),
  -- s_k, revealed with the result (chain draws only)
  secret text,
  drawn_at bigint NOT NULL,
  settled_at bigint,
  PRIMARY KEY (lottery_code, issue),
  CHECK ((source = 'chain') = (chain_id IS NOT NULL AND secret IS NOT NULL))
);
CREATE INDEX draw_issue_recent_idx ON draw_issue (lottery_code, draw_ms DESC);
CREATE INDEX draw_issue_unsettled_idx ON draw_issue (draw_ms) WHERE settled_at IS NULL;

-- How far the scheduler has drawn each house lottery: every issue up to last_draw_ms is drawn.
CREATE TABLE draw_cursor (
  lottery_code text PRIMARY KEY,
  last_issue text NOT NULL,
  last_draw_ms bigint NOT NULL
);

-- A bet (order): one basket of lines on one lottery issue, paid with one ledger debit (302).
-- state: 0 等待开奖, 1 已中奖, 2 未中奖, 3 已撤单.
CREATE TABLE bet (
  id bigserial PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id),
  user_id bigint NOT NULL REFERENCES users (id),
  record_code text NOT NULL UNIQUE,
  idempotency_key text NOT NULL,
  lottery_code text NOT NULL,
  issue text NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  bonus_minor bigint NOT NULL DEFAULT 0 CHECK (bonus_minor >= 0),
  -- the bettor's rebate point and the part taken as an immediate rebate (bettingPoint), in 0.1 %
  user_rebate_tenths integer NOT NULL,
  point_tenths integer NOT NULL CHECK (point_tenths >= 0 AND point_tenths <= user_rebate_tenths),
  state smallint NOT NULL DEFAULT 0 CHECK (state IN (0, 1, 2, 3)),
  open_number text,
  created_at bigint NOT NULL,
  settled_at bigint,
  cancelled_at bigint,
  UNIQUE (tenant_id, user_id, idempotency_key)
);
CREATE INDEX bet_issue_pending_idx ON bet (lottery_code, issue) WHERE state = 0;
CREATE INDEX bet_user_time_idx ON bet (user_id, created_at DESC, id DESC);

CREATE TABLE bet_line (
  id bigserial PRIMARY KEY,
  bet_id bigint NOT NULL REFERENCES bet (id),
  line_no smallint NOT NULL,
  play_detail_code text NOT NULL,
  betting_number text NOT NULL,
  betting_count integer NOT NULL CHECK (betting_count > 0),
  betting_unit text NOT NULL CHECK (betting_unit IN ('1', '0.1', '0.01')),
  multiplier integer NOT NULL CHECK (multiplier BETWEEN 1 AND 10000),
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  prize_group integer NOT NULL,
  bonus_minor bigint NOT NULL DEFAULT 0 CHECK (bonus_minor >= 0),
  state smallint NOT NULL DEFAULT 0 CHECK (state IN (0, 1, 2, 3)),
  UNIQUE (bet_id, line_no)
);
