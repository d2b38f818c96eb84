-- Safety password, bound phone / mail, security question, verification codes and their outbox.

CREATE TABLE user_security (
  user_id bigint PRIMARY KEY REFERENCES users (id),
  safety_password_hash text,
  safety_password_set_at bigint,
  safety_failed_attempts integer NOT NULL DEFAULT 0,
  safety_locked_until bigint,
  -- real name bound with the first payout account; later accounts must use the same
  real_name text,
  phone text,
  phone_verified_at bigint,
  email text,
  email_verified_at bigint,
  question_id integer,
  answer_hash text,
  question_failed_attempts integer NOT NULL DEFAULT 0
);

CREATE TABLE verification_code (
  id bigserial PRIMARY KEY,
  user_id bigint REFERENCES users (id),
  -- bindPhone, bindMail, forgetPassword
  purpose text NOT NULL,
  channel text NOT NULL CHECK (channel IN ('sms', 'mail')),
  target text NOT NULL,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  expires_at bigint NOT NULL,
  used_at bigint,
  created_at bigint NOT NULL
);
CREATE INDEX verification_code_target_idx ON verification_code (target, purpose, created_at DESC);

-- messages the SMS / mail gateway adapter delivers; the default adapter only logs, and the
-- operator reads them with `npm run admin -- outbox`
CREATE TABLE outbox_message (
  id bigserial PRIMARY KEY,
  channel text NOT NULL,
  target text NOT NULL,
  body text NOT NULL,
  created_at bigint NOT NULL,
  delivered_at bigint
);

-- one-use token issued after forgetPassword's checks, spent by forgetPasswordReset
CREATE TABLE password_reset_token (
  token_hash text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  expires_at bigint NOT NULL,
  used_at bigint
);
