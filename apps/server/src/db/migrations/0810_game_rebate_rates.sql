-- Table-game rebates (docs/games.md "Rebates", issue 37). A table game has no odds to trade a
-- rebate against, so 502 棋牌返水 and 204 代理返点 on table games use their own rates, never the
-- lottery rebate: per game, a player's override (user_id) else the tenant's default (user_id 0),
-- in basis points (50 = 0.50 %). The operator sets them with `npm run admin -- game-rebate`, which
-- refuses a rate at or above the game's lowest area edge (packages/rules games/rebate-cap.ts); the
-- CHECK below is only a backstop (no game has an edge of 5 %).
CREATE TABLE game_rebate_rate (
  tenant_id integer NOT NULL REFERENCES tenants (id),
  game_code text NOT NULL,
  user_id bigint NOT NULL DEFAULT 0,
  rate_bp integer NOT NULL CHECK (rate_bp >= 0 AND rate_bp < 500),
  updated_at bigint NOT NULL,
  PRIMARY KEY (tenant_id, game_code, user_id)
);

-- Valid turnover (有效投注) of a player in a settled round: the net exposure after opposite areas
-- cancel, pushes excluded (packages/rules games/valid-turnover.ts), written in the settlement's
-- transaction. Rebates, agent commissions, VIP growth, activity and withdrawal turnover read
-- table-game turnover from here, never from the stakes or the 308 debits.
CREATE TABLE game_turnover (
  round_pk bigint NOT NULL REFERENCES game_round (id),
  user_id bigint NOT NULL REFERENCES users (id),
  tenant_id integer NOT NULL,
  game_code text NOT NULL,
  valid_minor bigint NOT NULL CHECK (valid_minor >= 0),
  settled_at bigint NOT NULL,
  PRIMARY KEY (round_pk, user_id)
);
CREATE INDEX game_turnover_user_time ON game_turnover (user_id, settled_at);
