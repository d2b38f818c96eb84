-- The digest of the basket a bet was placed with (sha256 of its lines in a fixed form), so a
-- reused idempotency key is a replay only when it carries the same basket; with another basket
-- it is refused (issue 9 item 7). Bets placed before this migration have none and replay as before.
ALTER TABLE bet ADD COLUMN request_digest text;
