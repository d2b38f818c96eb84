-- Fast bet (连续开奖): provably fair instant rounds (DESIGN.md §10, docs/fairness.md).
-- fast_seed: a player's server seeds. The active one (revealed_at IS NULL, one per player) is
-- committed by its hash before use; rotating reveals it (revealed_at set) and makes a new one.
-- next_nonce counts the rounds played on the seed; every round locks the row (FOR UPDATE), so a
-- nonce is used once and a revealed seed never draws again.
CREATE TABLE fast_seed (
  id bigserial PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id),
  user_id bigint NOT NULL REFERENCES users (id),
  server_seed text NOT NULL,
  server_seed_hash text NOT NULL,
  client_seed text NOT NULL,
  next_nonce integer NOT NULL DEFAULT 0 CHECK (next_nonce >= 0),
  created_at bigint NOT NULL,
  revealed_at bigint
);
CREATE UNIQUE INDEX fast_seed_active_idx ON fast_seed (user_id) WHERE revealed_at IS NULL;
CREATE INDEX fast_seed_user_idx ON fast_seed (user_id, id DESC);

-- One instant round per fast bet: which seed, client seed and nonce drew it.
CREATE TABLE fast_round (
  bet_id bigint PRIMARY KEY REFERENCES bet (id),
  seed_id bigint NOT NULL REFERENCES fast_seed (id),
  nonce integer NOT NULL,
  client_seed text NOT NULL,
  numbers text NOT NULL,
  UNIQUE (seed_id, nonce)
);
