-- Agent report rollup (docs/adr/0703-agent-report-rollup.md, docs/agent.md "Reports"). The daily
-- job (modules/agent/report-daily.ts) now also writes, next to agent_report_daily's per-user rows:
-- a per-ancestor team rollup (everyone below the ancestor, per Beijing day), and today's per-user
-- rows up to a watermark, so a report reads a month of a 100,000-member team as ~30 rows and only
-- the last few minutes of the ledger live.

-- Per ancestor and Beijing day: the sums of agent_report_daily over everyone below the ancestor
-- (agent_tree depth >= 1), and how many of them made their first deposit ever that day. "Members
-- who bet" is a distinct count across days: bettors counts each member on its first betting day
-- of any period starting up to 62 days before, so the counts of a period's days add up.
CREATE TABLE agent_team_daily (
  ancestor_id bigint NOT NULL,
  day integer NOT NULL,
  deposit_minor bigint NOT NULL DEFAULT 0,
  withdraw_minor bigint NOT NULL DEFAULT 0,
  bet_minor bigint NOT NULL DEFAULT 0,
  win_minor bigint NOT NULL DEFAULT 0,
  rebate_minor bigint NOT NULL DEFAULT 0,
  activity_minor bigint NOT NULL DEFAULT 0,
  first_deposits integer NOT NULL DEFAULT 0,
  -- bettors[k + 1]: members below who bet this day and on none of the k days before (k = 0..62),
  -- so "members who bet" from day F on is the sum over the days d of bettors[d - F + 1]
  bettors integer[] NOT NULL DEFAULT '{}',
  -- members below registered this day (teamData's newMembers)
  new_members integer NOT NULL DEFAULT 0,
  PRIMARY KEY (ancestor_id, day)
);

-- The days whose rollup matches the tree as it is now; written with the day's rollup rows. Any
-- re-parenting deletes every mark (trigger below, in the mover's transaction): until the job has
-- rolled the days up again, reports sum those days from the per-user rows (slower, never wrong).
CREATE TABLE agent_team_day (
  day integer PRIMARY KEY,
  computed_at bigint NOT NULL
);

-- Today's per-user rows in agent_report_daily cover the ledger up to upto_ms (exclusive); reports
-- read the entries from there on live. One row per folded day not yet closed; the job deletes it
-- when it aggregates the whole day.
CREATE TABLE agent_report_fold (
  day integer PRIMARY KEY,
  upto_ms bigint NOT NULL,
  computed_at bigint NOT NULL
);

-- One row. A move bumps it (row lock held to the mover's commit); the job reads it FOR SHARE before
-- it reads agent_tree for a rollup, so a rollup and a move never interleave: the move either
-- commits first (the rollup sees the new tree) or waits and then deletes the fresh mark.
CREATE TABLE agent_team_state (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  moves bigint NOT NULL DEFAULT 0
);
INSERT INTO agent_team_state (id, moves) VALUES (true, 0);

CREATE FUNCTION agent_team_user_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE agent_team_state SET moves = moves + 1 WHERE id;
  DELETE FROM agent_team_day;
  RETURN NULL;
END;
$$;
CREATE TRIGGER users_agent_team_moved AFTER UPDATE OF parent_id ON users
  FOR EACH ROW WHEN (OLD.parent_id IS DISTINCT FROM NEW.parent_id)
  EXECUTE FUNCTION agent_team_user_moved();

-- "Members who bet" when a period cannot use the rollup (a move, a lagging job): the day's bettors
-- without reading the other rows.
CREATE INDEX agent_report_daily_bettors_idx ON agent_report_daily (day, user_id) WHERE bet_count > 0;

-- The first-deposit test (was there a deposit before this one?) skips an agent's thousands of
-- rebate entries. The code list is report-repo.ts FIGURE_CODES.deposit, written the same way so
-- the planner matches the predicate.
CREATE INDEX ledger_entry_deposit_idx ON ledger_entry (account_id, created_at)
  WHERE type_code IN (101, 102, 103, 104, 105, 106, 107, 108, 109, 111, 112, 113, 114, 115);

-- Registrations of a day (the rollup's new_members; a period's days without a rollup, probed
-- against the team).
CREATE INDEX users_created_idx ON users (created_at);

-- Team bet lists (getAgentBetData) newest first without reading the whole table.
CREATE INDEX bet_created_idx ON bet (created_at DESC, id DESC);
