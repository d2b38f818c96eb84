-- Settlement rewrites each bet (state, bonus, open number) and each winning line (bonus, state).
-- None of those columns is indexed, and pages keep free room, so the updates can stay HOT (no
-- index writes). The pending-bets index therefore no longer filters on state.
DROP INDEX bet_issue_pending_idx;
CREATE INDEX bet_issue_idx ON bet (lottery_code, issue);
ALTER TABLE bet SET (fillfactor = 70);
ALTER TABLE bet_line SET (fillfactor = 80);
