-- Embedded chat 吉聊 (issue 15, docs/embed-chat.md): chat accounts of the framed chat app, each bound
-- to at most one player (and a player to at most one), and the one-time keys the chat frame spends.
-- Keys are stored as sha256 only; used_at is set by the one statement that spends a key.
CREATE TABLE embed_chat_account (
  id bigserial PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id),
  uid text NOT NULL,
  nickname text NOT NULL,
  avatar text NOT NULL,
  password_hash text NOT NULL,
  user_id bigint REFERENCES users (id),
  created_at bigint NOT NULL,
  bound_at bigint
);
CREATE UNIQUE INDEX embed_chat_account_uid ON embed_chat_account (tenant_id, uid);
CREATE UNIQUE INDEX embed_chat_account_user ON embed_chat_account (user_id) WHERE user_id IS NOT NULL;

CREATE TABLE embed_chat_key (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  key_hash text NOT NULL UNIQUE,
  expires_at bigint NOT NULL,
  used_at bigint,
  created_at bigint NOT NULL
);
CREATE INDEX embed_chat_key_user ON embed_chat_key (user_id, created_at);
