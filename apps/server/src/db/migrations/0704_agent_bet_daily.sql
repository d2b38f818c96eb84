-- Team bet totals from daily sums (docs/adr/0704-agent-bet-daily.md, docs/agent.md "Reports"):
-- betting/getAgentBetData's count, stake and prize totals over a period read these sums for the
-- sealed days and only the other days (today, a day with bets still pending) from bet live.

-- Per user, Beijing day the bet was PLACED (bet.created_at) and lottery: the user's bets of that
-- day, the stakes of those not cancelled (state <> 3) and the prizes. Written once a day is sealed:
-- every bet placed that day was final (state 1, 2 or 3; a bet leaves state 0 once and never
-- changes again), so the sums never go stale.
CREATE TABLE agent_bet_daily (
  user_id bigint NOT NULL,
  day integer NOT NULL,
  lottery_code text NOT NULL,
  bets integer NOT NULL,
  amount_minor bigint NOT NULL,
  bonus_minor bigint NOT NULL,
  PRIMARY KEY (user_id, day, lottery_code)
);
CREATE INDEX agent_bet_daily_day_idx ON agent_bet_daily (day);

-- Per ancestor, day and lottery: the same sums over everyone below the ancestor (agent_tree
-- depth >= 1), so a month of a 100,000-member team is ~30 rows per lottery.
CREATE TABLE agent_team_bet_daily (
  ancestor_id bigint NOT NULL,
  day integer NOT NULL,
  lottery_code text NOT NULL,
  bets integer NOT NULL,
  amount_minor bigint NOT NULL,
  bonus_minor bigint NOT NULL,
  PRIMARY KEY (ancestor_id, day, lottery_code)
);

-- The sealed days: both tables hold the day, every bet of it was final, and the team rows match
-- the tree. A move in the tree deletes every mark (the trigger of 0703, extended below), the job
-- seals the days again; meanwhile reports read those days live from bet (slower, never wrong).
CREATE TABLE agent_bet_day (
  day integer PRIMARY KEY,
  computed_at bigint NOT NULL
);

CREATE OR REPLACE FUNCTION agent_team_user_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE agent_team_state SET moves = moves + 1 WHERE id;
  DELETE FROM agent_team_day;
  DELETE FROM agent_bet_day;
  RETURN NULL;
END;
$$;
