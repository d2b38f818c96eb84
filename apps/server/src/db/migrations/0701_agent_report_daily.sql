-- Daily figures of the agent reports (docs/agent.md "Reports"): one row per user and Beijing day
-- with the sums of that user's player-account ledger entries of the day, per report figure, in
-- bigint minor units. Written by the leader's job (modules/agent/report-daily.ts), one
-- INSERT … SELECT … GROUP BY per day; a day counts as aggregated only once its row in
-- agent_report_day exists (committed in the same transaction). Reports read these rows for the
-- aggregated days of a period and the ledger live for the others (today, and any day the job has
-- not reached yet), so a lagging job never makes a report wrong, only slower.
CREATE TABLE agent_report_daily (
  user_id bigint NOT NULL REFERENCES users (id),
  -- days since 1970-01-01 in Beijing time (UTC+8), as yuebao counts them
  day integer NOT NULL,
  deposit_minor bigint NOT NULL DEFAULT 0,
  withdraw_minor bigint NOT NULL DEFAULT 0,
  bet_minor bigint NOT NULL DEFAULT 0,
  win_minor bigint NOT NULL DEFAULT 0,
  rebate_minor bigint NOT NULL DEFAULT 0,
  activity_minor bigint NOT NULL DEFAULT 0,
  -- stake debits (bets, chase orders, table-game bets) of the day: "members who bet"
  bet_count integer NOT NULL DEFAULT 0,
  -- the user's first deposit ever fell on this day
  first_deposit boolean NOT NULL DEFAULT false,
  PRIMARY KEY (user_id, day)
);

-- The days the job has aggregated (and how many users had rows), claimed with their rows.
CREATE TABLE agent_report_day (
  day integer PRIMARY KEY,
  users integer NOT NULL,
  computed_at bigint NOT NULL
);

-- The job reads one day of the whole ledger at a time; reports read one account's range through
-- ledger_entry_account_time_idx (migration 0100).
CREATE INDEX ledger_entry_created_idx ON ledger_entry (created_at);
