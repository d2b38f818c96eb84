-- Issue 40 §6: the players desk (docs/console.md "Players desk").
-- Staff notes on a player: append-only (a trigger refuses UPDATE, DELETE and TRUNCATE); a note is
-- corrected by writing another. Each note also writes an audit row (player.note) in its transaction.

CREATE TABLE player_note (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  staff_id bigint NOT NULL REFERENCES staff (id),
  staff_account text NOT NULL,
  body text NOT NULL CHECK (length(body) BETWEEN 1 AND 1000),
  created_at bigint NOT NULL
);
CREATE INDEX player_note_user_idx ON player_note (user_id, id DESC);

CREATE FUNCTION player_note_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'player_note is append-only (%)', TG_OP;
END $$;
CREATE TRIGGER player_note_append_only BEFORE UPDATE OR DELETE ON player_note
  FOR EACH ROW EXECUTE FUNCTION player_note_refuse_change();
CREATE TRIGGER player_note_no_truncate BEFORE TRUNCATE ON player_note
  FOR EACH STATEMENT EXECUTE FUNCTION player_note_refuse_change();

-- Search by phone, e-mail and IP, and the shared-IP risk signal: each key one indexed lookup.
CREATE INDEX user_security_phone_idx ON user_security (phone) WHERE phone IS NOT NULL;
CREATE INDEX user_security_email_idx ON user_security (lower(email)) WHERE email IS NOT NULL;
CREATE INDEX users_register_ip_idx ON users (register_ip, id) WHERE register_ip IS NOT NULL;
CREATE INDEX users_last_login_ip_idx ON users (last_login_ip, id) WHERE last_login_ip IS NOT NULL;
CREATE INDEX sessions_ip_idx ON sessions (ip, user_id) WHERE ip IS NOT NULL;
