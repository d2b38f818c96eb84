-- Content and personal messages (docs/content.md): who read which notice, personal messages, and
-- the help / about articles. Notices themselves live in `announcements` (0001).

CREATE TABLE announcement_reads (
  user_id bigint NOT NULL REFERENCES users (id),
  announcement_id integer NOT NULL REFERENCES announcements (id) ON DELETE CASCADE,
  read_at bigint NOT NULL,
  PRIMARY KEY (user_id, announcement_id)
);

-- One row per recipient: a message "to all" is fanned out when it is sent, so reading and deleting
-- are a player's own row and nothing else.
CREATE TABLE user_messages (
  id bigserial PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id),
  user_id bigint NOT NULL REFERENCES users (id),
  title text NOT NULL,
  content text NOT NULL,
  is_read boolean NOT NULL DEFAULT false,
  created_at bigint NOT NULL,
  read_at bigint
);
CREATE INDEX user_messages_user ON user_messages (user_id, id DESC);
CREATE INDEX user_messages_unread ON user_messages (user_id) WHERE NOT is_read;

-- Help (kind 'help', 帮助中心) and about (kind 'about', 关于我们) articles.
CREATE TABLE content_articles (
  id serial PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id),
  kind text NOT NULL CHECK (kind IN ('help', 'about')),
  title text NOT NULL,
  content text NOT NULL,
  sort_order integer NOT NULL DEFAULT 0,
  enabled boolean NOT NULL DEFAULT true,
  created_at bigint NOT NULL
);
CREATE INDEX content_articles_list ON content_articles (tenant_id, kind, sort_order, id);
