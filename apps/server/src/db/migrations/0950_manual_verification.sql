-- Manual verification (issue 15, docs/manual-verification.md): a locked-out player's identity
-- details and photos for the operator to review. state: 0 pending, 1 approved, 2 rejected,
-- 3 used (the approval answered its one reset token). One open (pending or approved) per account.
CREATE TABLE manual_verification (
  id bigserial PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id),
  user_id bigint NOT NULL REFERENCES users (id),
  real_name text NOT NULL,
  phone text NOT NULL,
  note text NOT NULL DEFAULT '',
  images text[] NOT NULL,
  receipt_hash text NOT NULL,
  ip text NOT NULL,
  state smallint NOT NULL DEFAULT 0 CHECK (state BETWEEN 0 AND 3),
  reason text NOT NULL DEFAULT '',
  created_at bigint NOT NULL,
  decided_at bigint,
  used_at bigint
);
CREATE UNIQUE INDEX manual_verification_open ON manual_verification (user_id) WHERE state IN (0, 1);
CREATE INDEX manual_verification_pending ON manual_verification (tenant_id, id) WHERE state = 0;
