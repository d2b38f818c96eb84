-- The activity centre and activity red envelopes (docs/activities.md).

-- One activity of the /activity list. `kind` says what it pays: article nothing, daily_bonus
-- 每日加奖 on yesterday's settled turnover by tier (ledger 206), turnover_reward a one-time reward
-- once the turnover settled during the activity reaches threshold_minor (ledger 207).
CREATE TABLE activity (
  id serial PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id),
  title text NOT NULL,
  summary text NOT NULL DEFAULT '',
  image_url text NOT NULL,
  -- operator HTML, sanitised before it is stored (and again when served)
  content text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('article', 'daily_bonus', 'turnover_reward')),
  threshold_minor bigint NOT NULL DEFAULT 0 CHECK (threshold_minor >= 0),
  reward_minor bigint NOT NULL DEFAULT 0 CHECK (reward_minor >= 0),
  -- withdrawal turnover required on a reward, percent of it
  turnover_percent integer NOT NULL DEFAULT 100 CHECK (turnover_percent >= 0),
  min_grade integer NOT NULL DEFAULT 1 CHECK (min_grade BETWEEN 1 AND 10),
  start_at bigint NOT NULL,
  end_at bigint,
  sort_order integer NOT NULL DEFAULT 0,
  enabled boolean NOT NULL DEFAULT true,
  created_at bigint NOT NULL,
  CHECK (end_at IS NULL OR end_at > start_at)
);
CREATE INDEX activity_list ON activity (tenant_id, sort_order, id);

-- Daily-bonus tiers: yesterday's settled turnover from min_turnover_minor earns rate_bp / 10000.
CREATE TABLE activity_reward_rate (
  activity_id integer NOT NULL REFERENCES activity (id) ON DELETE CASCADE,
  min_turnover_minor bigint NOT NULL CHECK (min_turnover_minor > 0),
  rate_bp integer NOT NULL CHECK (rate_bp BETWEEN 1 AND 10000),
  PRIMARY KEY (activity_id, min_turnover_minor)
);

-- One row per paid claim; the unique key is what makes a period pay once. period_key: the Beijing
-- day whose turnover a daily bonus paid, 'once' for a turnover reward.
CREATE TABLE activity_claim (
  id bigserial PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id),
  activity_id integer NOT NULL REFERENCES activity (id),
  user_id bigint NOT NULL REFERENCES users (id),
  period_key text NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  created_at bigint NOT NULL,
  UNIQUE (activity_id, user_id, period_key)
);

-- An activity red envelope: total_minor split into `count` shares when it is created.
CREATE TABLE activity_red_pool (
  id serial PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id),
  title text NOT NULL,
  remark text NOT NULL DEFAULT '',
  total_minor bigint NOT NULL CHECK (total_minor > 0),
  count integer NOT NULL CHECK (count BETWEEN 1 AND 100000),
  min_grade integer NOT NULL DEFAULT 1 CHECK (min_grade BETWEEN 1 AND 10),
  turnover_percent integer NOT NULL DEFAULT 100 CHECK (turnover_percent >= 0),
  start_at bigint NOT NULL,
  end_at bigint NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  created_at bigint NOT NULL,
  CHECK (end_at > start_at)
);
CREATE INDEX activity_red_pool_time ON activity_red_pool (tenant_id, end_at);

-- The pre-drawn shares; taken ones name their grab.
CREATE TABLE activity_red_share (
  pool_id integer NOT NULL REFERENCES activity_red_pool (id),
  seq integer NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  taken boolean NOT NULL DEFAULT false,
  PRIMARY KEY (pool_id, seq)
);
CREATE INDEX activity_red_share_free ON activity_red_share (pool_id, seq) WHERE NOT taken;

-- One grab per player per envelope (the primary key).
CREATE TABLE activity_red_grab (
  pool_id integer NOT NULL REFERENCES activity_red_pool (id),
  user_id bigint NOT NULL REFERENCES users (id),
  seq integer NOT NULL,
  amount_minor bigint NOT NULL,
  created_at bigint NOT NULL,
  PRIMARY KEY (pool_id, user_id)
);
CREATE INDEX activity_red_grab_recent ON activity_red_grab (pool_id, created_at DESC);
