-- Issue 40: the audit log (docs/console.md "The audit chain"). One row per console action and per
-- `npm run admin` command, hash-chained: hash = sha256(prev_hash || canonical row), written by
-- modules/audit/writer.ts under an advisory lock so that the chain never forks. Append-only: a
-- trigger refuses UPDATE, DELETE and TRUNCATE; `npm run admin -- audit-verify` checks the chain.

CREATE TABLE audit_log (
  id bigint PRIMARY KEY,
  at bigint NOT NULL,
  actor text NOT NULL,
  role text NOT NULL,
  action text NOT NULL,
  target text NOT NULL,
  before jsonb,
  after jsonb,
  reason text NOT NULL,
  ip text NOT NULL,
  user_agent text NOT NULL,
  prev_hash text NOT NULL,
  hash text NOT NULL UNIQUE
);
CREATE SEQUENCE audit_log_id_seq OWNED BY audit_log.id;
CREATE INDEX audit_log_at_idx ON audit_log (at, id);
CREATE INDEX audit_log_actor_idx ON audit_log (actor, id);
CREATE INDEX audit_log_action_idx ON audit_log (action, id);
CREATE INDEX audit_log_target_idx ON audit_log (target, id);

CREATE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only (%)', TG_OP;
END $$;
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();
