-- Yuebao (余额宝) savings and pledge products (docs/yuebao.md).
-- Money lives on the ledger: a saver's savings account 'yuebao:<userId>' and pledge account
-- 'pledge:<userId>' (wallet_account kind 'savings', never negative). These tables hold the rules,
-- the day bookkeeping that makes accrual exactly-once, and the orders.

-- Savings rules per tenant. No row: yuebao has no rate (0 %), nothing is paid.
CREATE TABLE yuebao_config (
  tenant_id integer PRIMARY KEY REFERENCES tenants (id),
  -- annual rate in parts per million (3.65 % = 36500); simple daily interest = rate / 365
  rate_ppm integer NOT NULL CHECK (rate_ppm BETWEEN 0 AND 1000000),
  min_in_minor bigint NOT NULL CHECK (min_in_minor > 0),
  max_in_minor bigint NOT NULL CHECK (max_in_minor >= min_in_minor),
  -- the most one saver may hold in yuebao
  max_balance_minor bigint NOT NULL CHECK (max_balance_minor > 0),
  -- first Beijing day (days since 1970-01-01, UTC+8) that accrues: the accrual never looks before it
  start_day integer NOT NULL,
  updated_at bigint NOT NULL
);

-- Boosted rates for a period (activity/getYuebaoActivityList): a saver whose principal of the day
-- reaches min_balance_minor earns the highest matching rate instead of the base rate, if higher.
CREATE TABLE yuebao_activity (
  id serial PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id),
  title text NOT NULL,
  rate_ppm integer NOT NULL CHECK (rate_ppm BETWEEN 0 AND 1000000),
  min_balance_minor bigint NOT NULL DEFAULT 0 CHECK (min_balance_minor >= 0),
  start_day integer NOT NULL,
  end_day integer NOT NULL CHECK (end_day >= start_day),
  created_at bigint NOT NULL
);
CREATE INDEX yuebao_activity_tenant_idx ON yuebao_activity (tenant_id, end_day);

-- The lowest savings balance of a saver during one Beijing day, and the balance it opened with,
-- written in the transaction of every transfer in or out. Interest of day D is paid on the money
-- held all of D: low_minor of D when the saver moved money that day, else the open_minor of the
-- next day with a move, else the current balance (see docs/yuebao.md "Held a full day").
CREATE TABLE yuebao_day_low (
  user_id bigint NOT NULL REFERENCES users (id),
  day integer NOT NULL,
  open_minor bigint NOT NULL CHECK (open_minor >= 0),
  low_minor bigint NOT NULL CHECK (low_minor >= 0),
  PRIMARY KEY (user_id, day)
);

-- One row per tenant and accrued day, inserted in the transaction that pays the day: the claim
-- that makes a day pay once, whoever runs it and however often.
CREATE TABLE yuebao_accrual_day (
  tenant_id integer NOT NULL REFERENCES tenants (id),
  day integer NOT NULL,
  savers integer NOT NULL,
  principal_minor bigint NOT NULL,
  -- floor of the exact interest of all savers together: what the house pays
  pool_minor bigint NOT NULL,
  -- pool minus the sum of the per-saver floors, booked to the rounding account
  remainder_minor bigint NOT NULL CHECK (remainder_minor >= 0),
  created_at bigint NOT NULL,
  PRIMARY KEY (tenant_id, day)
);

-- Each saver's interest of a day (the balance logs).
CREATE TABLE yuebao_accrual (
  user_id bigint NOT NULL REFERENCES users (id),
  day integer NOT NULL,
  tenant_id integer NOT NULL REFERENCES tenants (id),
  principal_minor bigint NOT NULL CHECK (principal_minor > 0),
  rate_ppm integer NOT NULL,
  interest_minor bigint NOT NULL CHECK (interest_minor >= 0),
  created_at bigint NOT NULL,
  PRIMARY KEY (user_id, day)
);
CREATE INDEX yuebao_accrual_tenant_day_idx ON yuebao_accrual (tenant_id, day);

-- Pledge (质押) products: lock an amount for a term at a rate.
CREATE TABLE yuebao_pledge_product (
  id serial PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id),
  name text NOT NULL,
  term_days integer NOT NULL CHECK (term_days BETWEEN 1 AND 3650),
  rate_ppm integer NOT NULL CHECK (rate_ppm BETWEEN 0 AND 1000000),
  min_minor bigint NOT NULL CHECK (min_minor > 0),
  max_minor bigint NOT NULL CHECK (max_minor >= min_minor),
  -- open (holding) orders of this product one player may have
  max_orders integer NOT NULL CHECK (max_orders >= 1),
  -- part of the principal kept on an early cancel, parts per million (1 % = 10000)
  penalty_ppm integer NOT NULL CHECK (penalty_ppm BETWEEN 0 AND 1000000),
  enabled boolean NOT NULL DEFAULT true,
  sort integer NOT NULL DEFAULT 0,
  created_at bigint NOT NULL,
  UNIQUE (tenant_id, name)
);

CREATE TABLE yuebao_pledge_order (
  id bigserial PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id),
  user_id bigint NOT NULL REFERENCES users (id),
  product_id integer NOT NULL REFERENCES yuebao_pledge_product (id),
  order_no text NOT NULL UNIQUE,
  -- the client's key of the create call (or the renewed order's id): a replay finds this row
  request_id text NOT NULL,
  principal_minor bigint NOT NULL CHECK (principal_minor > 0),
  -- terms copied from the product when the order starts (a later product change does not touch it)
  rate_ppm integer NOT NULL,
  term_days integer NOT NULL,
  penalty_ppm integer NOT NULL,
  profit_minor bigint NOT NULL CHECK (profit_minor >= 0),
  auto_renew boolean NOT NULL,
  -- 1 holding, 2 matured (principal and profit returned), 3 cancelled early, 4 renewed
  state smallint NOT NULL CHECK (state BETWEEN 1 AND 4),
  started_at bigint NOT NULL,
  matures_at bigint NOT NULL,
  settled_at bigint,
  penalty_minor bigint,
  renewed_from bigint REFERENCES yuebao_pledge_order (id),
  created_at bigint NOT NULL,
  UNIQUE (user_id, request_id)
);
CREATE INDEX yuebao_pledge_order_user_idx ON yuebao_pledge_order (user_id, id DESC);
CREATE INDEX yuebao_pledge_order_due_idx ON yuebao_pledge_order (matures_at) WHERE state = 1;

-- Profit paid on maturity (kind 1 matured, 2 renewed), one per order.
CREATE TABLE yuebao_pledge_profit (
  order_id bigint PRIMARY KEY REFERENCES yuebao_pledge_order (id),
  tenant_id integer NOT NULL REFERENCES tenants (id),
  user_id bigint NOT NULL REFERENCES users (id),
  kind smallint NOT NULL CHECK (kind IN (1, 2)),
  principal_minor bigint NOT NULL,
  profit_minor bigint NOT NULL,
  created_at bigint NOT NULL
);
CREATE INDEX yuebao_pledge_profit_user_idx ON yuebao_pledge_profit (user_id, created_at DESC);
