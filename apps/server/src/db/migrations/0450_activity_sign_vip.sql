-- Daily sign-in and VIP growth (docs/vip.md).

-- Sign-in reward per streak day (1..n); the streak cycles after the last configured day.
CREATE TABLE activity_sign_reward (
  tenant_id integer NOT NULL REFERENCES tenants (id),
  day_no integer NOT NULL CHECK (day_no BETWEEN 1 AND 31),
  reward_minor bigint NOT NULL CHECK (reward_minor >= 0),
  -- withdrawal turnover required on the reward, in percent of it (100 = wager it once)
  turnover_percent integer NOT NULL DEFAULT 100 CHECK (turnover_percent >= 0),
  PRIMARY KEY (tenant_id, day_no)
);

-- One row per player per Beijing day; the unique key is what makes a day pay once.
CREATE TABLE activity_sign (
  id bigserial PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id),
  user_id bigint NOT NULL REFERENCES users (id),
  -- days since 1970-01-01 in Beijing time (UTC+8)
  sign_day integer NOT NULL,
  streak integer NOT NULL CHECK (streak >= 1),
  reward_minor bigint NOT NULL CHECK (reward_minor >= 0),
  created_at bigint NOT NULL,
  UNIQUE (user_id, sign_day)
);

-- VIP ladder per tenant: growth (settled turnover + deposits) needed for a grade, and its bonus.
CREATE TABLE vip_grade_rule (
  tenant_id integer NOT NULL REFERENCES tenants (id),
  grade integer NOT NULL CHECK (grade BETWEEN 1 AND 10),
  growth_minor bigint NOT NULL CHECK (growth_minor >= 0),
  bonus_minor bigint NOT NULL CHECK (bonus_minor >= 0),
  turnover_percent integer NOT NULL DEFAULT 100 CHECK (turnover_percent >= 0),
  PRIMARY KEY (tenant_id, grade)
);

-- One row per player per grade whose upgrade bonus was paid.
CREATE TABLE vip_bonus_claim (
  id bigserial PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id),
  user_id bigint NOT NULL REFERENCES users (id),
  grade integer NOT NULL,
  bonus_minor bigint NOT NULL,
  created_at bigint NOT NULL,
  UNIQUE (user_id, grade)
);
