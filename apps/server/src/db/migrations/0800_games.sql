-- Table games (issue 16, docs/games.md): one room per game per tenant, a round every 25 s.
-- game_chain: per tenant, game and Beijing day a reverse hash chain (as draw_chain); round k of the
-- day is dealt from s_k; the head s_0 is public from creation, s_k is revealed when round k settles.
CREATE TABLE game_chain (
  id bigserial PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id),
  game_code text NOT NULL,
  business_date text NOT NULL,
  length integer NOT NULL CHECK (length > 0),
  seed_secret text NOT NULL,
  head text NOT NULL,
  published_at bigint NOT NULL,
  UNIQUE (tenant_id, game_code, business_date)
);

-- One round of a room. state: betting → closed → dealt → settled (or void: refunded). The leader
-- moves it with conditional updates (WHERE state = …), so each step happens once whoever retries.
CREATE TABLE game_round (
  id bigserial PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id),
  game_code text NOT NULL,
  round_id text NOT NULL,
  chain_id bigint NOT NULL REFERENCES game_chain (id),
  seq integer NOT NULL CHECK (seq > 0),
  state text NOT NULL DEFAULT 'betting' CHECK (state IN ('betting', 'closed', 'dealt', 'settled', 'void')),
  open_ms bigint NOT NULL,
  close_ms bigint NOT NULL,
  deal_ms bigint NOT NULL,
  settle_ms bigint NOT NULL,
  result text,
  secret text,
  settled_at bigint,
  UNIQUE (tenant_id, game_code, round_id)
);
CREATE INDEX game_round_open_idx ON game_round (settle_ms) WHERE state <> 'settled' AND state <> 'void';
CREATE INDEX game_round_recent_idx ON game_round (tenant_id, game_code, open_ms DESC);

-- A bet: debited at placement (308 with key game:bet:<id>), credited at settlement (220 per player
-- and round). state 0 open, 1 settled, 3 refunded. return_minor is set once, by the settling update.
CREATE TABLE game_bet (
  id bigserial PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id),
  user_id bigint NOT NULL REFERENCES users (id),
  round_pk bigint NOT NULL REFERENCES game_round (id),
  game_code text NOT NULL,
  round_id text NOT NULL,
  area text NOT NULL,
  stake_minor bigint NOT NULL CHECK (stake_minor > 0),
  debit_minor bigint NOT NULL CHECK (debit_minor >= stake_minor),
  return_minor bigint CHECK (return_minor >= 0),
  outcome text,
  state smallint NOT NULL DEFAULT 0 CHECK (state IN (0, 1, 3)),
  player_account bigint NOT NULL,
  house_account bigint NOT NULL,
  idempotency_key text NOT NULL,
  request_digest text NOT NULL,
  created_at bigint NOT NULL,
  settled_at bigint,
  UNIQUE (tenant_id, user_id, idempotency_key)
);
CREATE INDEX game_bet_round_idx ON game_bet (round_pk, user_id, area);
CREATE INDEX game_bet_user_idx ON game_bet (user_id, created_at DESC);
CREATE INDEX game_bet_tenant_time_idx ON game_bet (tenant_id, created_at DESC);

-- Game socket tokens (game/getGameToken): stored hashed, single use, 60 s.
CREATE TABLE game_token (
  token_hash text PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id),
  user_id bigint NOT NULL REFERENCES users (id),
  game_code text NOT NULL,
  expires_at bigint NOT NULL,
  used_at bigint
);
CREATE INDEX game_token_expiry_idx ON game_token (expires_at);
