-- Foundation: tenants, accounts, sessions, captchas, site content, lottery catalogue, client events.
-- Times are epoch milliseconds (bigint) written from the server's injectable clock.

CREATE TABLE tenants (
  id serial PRIMARY KEY,
  code text NOT NULL UNIQUE,
  name text NOT NULL,
  config jsonb NOT NULL,
  register_image_code boolean NOT NULL DEFAULT false,
  register_invite_code text NOT NULL DEFAULT 'optional'
    CHECK (register_invite_code IN ('required', 'optional', 'off')),
  max_rebate numeric(4, 1) NOT NULL DEFAULT 9.0,
  site_mode text NOT NULL DEFAULT 'open' CHECK (site_mode IN ('open', 'maintain', 'closed', 'restricted')),
  mode_message text NOT NULL DEFAULT '',
  mode_start_at bigint,
  mode_end_at bigint,
  allowed_ips jsonb NOT NULL DEFAULT '[]',
  config_updated_at bigint NOT NULL,
  page_updated_at bigint NOT NULL,
  lottery_order_updated_at bigint NOT NULL,
  created_at bigint NOT NULL
);

CREATE TABLE users (
  id bigserial PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id),
  user_name text NOT NULL,
  password_hash text NOT NULL,
  nick_name text NOT NULL DEFAULT '',
  avatar text NOT NULL DEFAULT '',
  gender smallint NOT NULL DEFAULT 2 CHECK (gender IN (0, 1, 2)),
  grade integer NOT NULL DEFAULT 1,
  role text NOT NULL DEFAULT 'player' CHECK (role IN ('player', 'agent', 'manager', 'test')),
  is_agent boolean NOT NULL DEFAULT false,
  parent_id bigint REFERENCES users (id),
  rebate numeric(4, 1) NOT NULL DEFAULT 0,
  rebate_updated_at bigint NOT NULL,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled', 'frozen')),
  failed_logins integer NOT NULL DEFAULT 0,
  locked_until bigint,
  password_changed_at bigint NOT NULL,
  register_ip text,
  last_login_at bigint,
  last_login_ip text,
  created_at bigint NOT NULL,
  UNIQUE (tenant_id, user_name)
);
CREATE INDEX users_parent_idx ON users (parent_id);

CREATE TABLE invite_codes (
  id bigserial PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id),
  code text NOT NULL,
  agent_id bigint NOT NULL REFERENCES users (id),
  rebate numeric(4, 1) NOT NULL,
  -- 1 = registers agents (spec: invatationCode?codeType=1), 0 = registers players
  code_type smallint NOT NULL DEFAULT 0,
  created_at bigint NOT NULL,
  deleted_at bigint,
  UNIQUE (tenant_id, code)
);

CREATE TABLE sessions (
  id bigserial PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id),
  user_id bigint NOT NULL REFERENCES users (id),
  token_hash text NOT NULL UNIQUE,
  created_at bigint NOT NULL,
  last_seen_at bigint NOT NULL,
  expires_at bigint NOT NULL,
  revoked_at bigint,
  revoke_reason text,
  ip text,
  user_agent text
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

CREATE TABLE captchas (
  key text PRIMARY KEY,
  answer_hash text NOT NULL,
  created_at bigint NOT NULL,
  expires_at bigint NOT NULL,
  used_at bigint
);
CREATE INDEX captchas_expires_idx ON captchas (expires_at);

CREATE TABLE support_lines (
  id serial PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id),
  name text NOT NULL,
  link_type smallint NOT NULL,
  link_url text NOT NULL DEFAULT '',
  html_path text NOT NULL DEFAULT '',
  sort_order integer NOT NULL DEFAULT 0
);

CREATE TABLE banners (
  id serial PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id),
  title text NOT NULL,
  image_url text NOT NULL,
  link_url text NOT NULL DEFAULT '',
  sort_order integer NOT NULL DEFAULT 0,
  enabled boolean NOT NULL DEFAULT true
);

CREATE TABLE announcements (
  id serial PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id),
  title text NOT NULL,
  content text NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  created_at bigint NOT NULL
);

CREATE TABLE lotteries (
  tenant_id integer NOT NULL REFERENCES tenants (id),
  code text NOT NULL,
  family text NOT NULL,
  name text NOT NULL,
  lottery_type integer NOT NULL,
  lottery_explain text NOT NULL DEFAULT '',
  icon_class text NOT NULL,
  sort_order integer NOT NULL,
  hot boolean NOT NULL DEFAULT false,
  is_stop boolean NOT NULL DEFAULT false,
  is_fast_bet boolean NOT NULL DEFAULT false,
  PRIMARY KEY (tenant_id, code)
);

-- Statistics, logs and heartbeats the web sends; bounded by body size and a row cap per kind.
CREATE TABLE client_events (
  id bigserial PRIMARY KEY,
  tenant_id integer NOT NULL,
  kind text NOT NULL,
  user_id bigint,
  ip text,
  payload jsonb NOT NULL,
  created_at bigint NOT NULL
);
CREATE INDEX client_events_kind_idx ON client_events (kind, id);
