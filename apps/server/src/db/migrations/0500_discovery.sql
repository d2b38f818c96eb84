-- Discovery (docs/discovery.md): the daily lists of /yesterdayProfitList and /yesterdayWinner,
-- computed once per tenant and Beijing day by the daily job (jobs/discovery-daily.ts) from the ledger
-- and the bets, never per request. A day's marker row and its list rows are written in one
-- transaction: the marker is the claim, so two processes never compute (or half-compute) the same day.

CREATE TABLE discovery_day (
  tenant_id integer NOT NULL REFERENCES tenants (id),
  -- epoch ms of 00:00 Beijing time of the day the lists cover
  day_start bigint NOT NULL,
  computed_at bigint NOT NULL,
  PRIMARY KEY (tenant_id, day_start)
);

-- 昨日盈利榜: players with a positive net lottery result of the day, best first.
CREATE TABLE discovery_profit_rank (
  tenant_id integer NOT NULL,
  day_start bigint NOT NULL,
  rank smallint NOT NULL CHECK (rank >= 1),
  user_id bigint NOT NULL REFERENCES users (id),
  profit_minor bigint NOT NULL CHECK (profit_minor > 0),
  PRIMARY KEY (tenant_id, day_start, rank),
  FOREIGN KEY (tenant_id, day_start) REFERENCES discovery_day (tenant_id, day_start)
);

-- 昨日赢家: the day's largest single wins (settled winning bets).
CREATE TABLE discovery_winner (
  tenant_id integer NOT NULL,
  day_start bigint NOT NULL,
  rank smallint NOT NULL CHECK (rank >= 1),
  user_id bigint NOT NULL REFERENCES users (id),
  bet_id bigint NOT NULL REFERENCES bet (id),
  lottery_code text NOT NULL,
  issue text NOT NULL,
  bonus_minor bigint NOT NULL CHECK (bonus_minor > 0),
  PRIMARY KEY (tenant_id, day_start, rank),
  FOREIGN KEY (tenant_id, day_start) REFERENCES discovery_day (tenant_id, day_start)
);

-- getNewestBounsList reads today's wins live: the newest winning bets of a tenant, one index range.
CREATE INDEX bet_tenant_recent_win_idx ON bet (tenant_id, settled_at DESC, id DESC) WHERE state = 1;
