-- Chat rooms, messages, moderation, private chat, saved images, socket keys, push plans
-- (spec/platform.md §2-§9, DESIGN.md §7). Times are epoch milliseconds from the server clock.

CREATE TABLE chat_room (
  id bigserial PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id),
  room_code text NOT NULL,
  title text NOT NULL,
  sub_title text NOT NULL DEFAULT '',
  avatar text NOT NULL DEFAULT '',
  image_url text NOT NULL DEFAULT '',
  -- introduction, HTML already passed through the allow-list sanitiser when stored
  content text NOT NULL DEFAULT '',
  -- 4-digit password: sha256(salt || hex(sha256(digits))); NULL = open room
  password_salt text,
  password_hash text,
  is_show_list boolean NOT NULL DEFAULT true,
  is_message_banned boolean NOT NULL DEFAULT false,
  message_length integer NOT NULL DEFAULT 200 CHECK (message_length BETWEEN 1 AND 2000),
  -- grades that may not speak in this room (event 16, 您的等级已禁言)
  banned_grades integer[] NOT NULL DEFAULT '{}',
  register_link text NOT NULL DEFAULT '/register',
  sort_order integer NOT NULL DEFAULT 0,
  deleted_at bigint,
  created_at bigint NOT NULL,
  UNIQUE (tenant_id, room_code)
);

CREATE TABLE chat_room_manager (
  room_id bigint NOT NULL REFERENCES chat_room (id),
  user_id bigint NOT NULL REFERENCES users (id),
  created_at bigint NOT NULL,
  PRIMARY KEY (room_id, user_id)
);
CREATE INDEX chat_room_manager_user_idx ON chat_room_manager (user_id);

-- Who passed a room's password (and may read and post there).
CREATE TABLE chat_room_access (
  room_id bigint NOT NULL REFERENCES chat_room (id),
  -- 'u:<userId>' or 'g:<guestCode>'
  member_key text NOT NULL,
  granted_at bigint NOT NULL,
  PRIMARY KEY (room_id, member_key)
);

CREATE TABLE chat_direct_room (
  id bigserial PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id),
  -- the two members, lower id first, so a pair has exactly one room
  user_low bigint NOT NULL REFERENCES users (id),
  user_high bigint NOT NULL REFERENCES users (id),
  latest_message_id bigint,
  created_at bigint NOT NULL,
  CHECK (user_low < user_high),
  UNIQUE (user_low, user_high)
);
CREATE INDEX chat_direct_room_high_idx ON chat_direct_room (user_high);

CREATE TABLE chat_message (
  id bigserial PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id),
  room_id bigint REFERENCES chat_room (id),
  direct_room_id bigint REFERENCES chat_direct_room (id),
  user_id bigint REFERENCES users (id),
  -- guests have no user row; their code ('guest…') is their name
  guest_code text,
  message_type_id smallint NOT NULL CHECK (message_type_id IN (1, 2, 3, 7, 9, 10)),
  -- text as typed (rendered as text by the web) or JSON text for cards
  message text NOT NULL,
  status smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1)),
  -- mentioned user ids, comma list; 'all' for @全部
  user_ids text NOT NULL DEFAULT '',
  withdrawn_at bigint,
  withdrawn_by bigint,
  created_at bigint NOT NULL,
  CHECK ((room_id IS NULL) <> (direct_room_id IS NULL)),
  CHECK ((user_id IS NULL) <> (guest_code IS NULL))
);
CREATE INDEX chat_message_room_idx ON chat_message (room_id, id DESC) WHERE room_id IS NOT NULL;
CREATE INDEX chat_message_direct_idx ON chat_message (direct_room_id, id DESC) WHERE direct_room_id IS NOT NULL;
CREATE INDEX chat_message_user_time_idx ON chat_message (user_id, created_at DESC);

-- Last message each member has read, per room ('r:<id>') or direct room ('d:<id>').
CREATE TABLE chat_read_mark (
  user_id bigint NOT NULL REFERENCES users (id),
  room_key text NOT NULL,
  read_message_id bigint NOT NULL,
  PRIMARY KEY (user_id, room_key)
);

CREATE TABLE chat_ban (
  id bigserial PRIMARY KEY,
  room_id bigint NOT NULL REFERENCES chat_room (id),
  user_id bigint NOT NULL REFERENCES users (id),
  -- 1 permanent, 2 one day, 3 one week, 4 one hour, 5 half hour
  duration_type_id smallint NOT NULL CHECK (duration_type_id BETWEEN 1 AND 5),
  -- NULL = permanent
  until_at bigint,
  created_by bigint NOT NULL REFERENCES users (id),
  created_at bigint NOT NULL,
  modified_at bigint NOT NULL,
  UNIQUE (room_id, user_id)
);

CREATE TABLE chat_member_remark (
  manager_id bigint NOT NULL REFERENCES users (id),
  target_user_id bigint NOT NULL REFERENCES users (id),
  remark text NOT NULL CHECK (char_length(remark) <= 200),
  updated_at bigint NOT NULL,
  PRIMARY KEY (manager_id, target_user_id)
);

-- Every uploaded chat image (re-encoded), so a message or a favourite can only name our files.
CREATE TABLE chat_file (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  img_path text NOT NULL UNIQUE,
  thumb_path text NOT NULL,
  width integer NOT NULL,
  height integer NOT NULL,
  bytes integer NOT NULL,
  created_at bigint NOT NULL
);

CREATE TABLE chat_saved_image (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  img_path text NOT NULL,
  thumb_path text NOT NULL,
  created_at bigint NOT NULL,
  UNIQUE (user_id, img_path)
);

-- One-time socket keys (broadCast/generateKey): sha256 of the key, short-lived, used once.
CREATE TABLE chat_socket_key (
  key_hash text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  session_id bigint NOT NULL REFERENCES sessions (id),
  expires_at bigint NOT NULL,
  used_at bigint
);
CREATE INDEX chat_socket_key_expires_idx ON chat_socket_key (expires_at);

-- Push plans: a prediction per issue posted into a room as a type-10 message, settled later.
CREATE TABLE chat_push_plan (
  id bigserial PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id),
  room_id bigint NOT NULL REFERENCES chat_room (id),
  game_name text NOT NULL,
  lottery_code text NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  created_at bigint NOT NULL
);

CREATE TABLE chat_push_plan_record (
  id bigserial PRIMARY KEY,
  plan_id bigint NOT NULL REFERENCES chat_push_plan (id),
  issue text NOT NULL,
  prediction_result text NOT NULL,
  open_number text NOT NULL DEFAULT '',
  -- 2 waiting, 1 hit, 0 miss
  is_prize smallint NOT NULL DEFAULT 2 CHECK (is_prize IN (0, 1, 2)),
  message_id bigint REFERENCES chat_message (id),
  created_at bigint NOT NULL,
  settled_at bigint,
  UNIQUE (plan_id, issue)
);
CREATE INDEX chat_push_plan_record_plan_idx ON chat_push_plan_record (plan_id, id DESC);
