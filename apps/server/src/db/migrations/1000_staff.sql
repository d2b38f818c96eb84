-- Issue 40: operator console staff, separate from players (docs/console.md).
-- Secrets are stored as hashes (password: argon2id; tokens, tickets, recovery codes: sha256 of a
-- random value); the TOTP secret is kept as issued, since checking a code needs it.

CREATE TABLE staff (
  id bigserial PRIMARY KEY,
  account text NOT NULL UNIQUE,
  role text NOT NULL CHECK (role IN ('owner', 'finance', 'risk', 'operations', 'support', 'auditor')),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
  password_hash text,
  -- the one-time enrolment link (staff-create, reset-password): set a password with it once
  enrol_token_hash text UNIQUE,
  enrol_token_expires_at bigint,
  totp_secret text,
  -- the RFC 6238 time step of the last accepted code: a code is never accepted twice
  totp_last_step bigint,
  failed_attempts integer NOT NULL DEFAULT 0,
  locked_until bigint,
  last_sign_in_at bigint,
  created_at bigint NOT NULL,
  created_by text NOT NULL
);

-- Between the password step and the second factor: one sign-in, five minutes. An enrolment
-- ticket carries the TOTP secret offered until its first code confirms it.
CREATE TABLE staff_ticket (
  ticket_hash text PRIMARY KEY,
  staff_id bigint NOT NULL REFERENCES staff (id),
  stage text NOT NULL CHECK (stage IN ('enrol', 'totp')),
  pending_totp_secret text,
  expires_at bigint NOT NULL,
  used_at bigint,
  created_at bigint NOT NULL
);
CREATE INDEX staff_ticket_staff_idx ON staff_ticket (staff_id);

CREATE TABLE staff_session (
  id bigserial PRIMARY KEY,
  staff_id bigint NOT NULL REFERENCES staff (id),
  token_hash text NOT NULL UNIQUE,
  created_at bigint NOT NULL,
  last_seen_at bigint NOT NULL,
  expires_at bigint NOT NULL,
  revoked_at bigint,
  ip text NOT NULL,
  user_agent text NOT NULL
);
CREATE INDEX staff_session_live_idx ON staff_session (staff_id) WHERE revoked_at IS NULL;

CREATE TABLE staff_recovery_code (
  id bigserial PRIMARY KEY,
  staff_id bigint NOT NULL REFERENCES staff (id),
  code_hash text NOT NULL,
  used_at bigint,
  created_at bigint NOT NULL
);
CREATE INDEX staff_recovery_code_staff_idx ON staff_recovery_code (staff_id);
