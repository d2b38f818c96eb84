import {
  bigint,
  bigserial,
  boolean,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
} from 'drizzle-orm/pg-core';

/** Drizzle view of the chat tables (migrations 03xx): rooms, messages, members, bans, files, push plans. */

export const chatBan = pgTable('chat_ban', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  roomId: bigint('room_id', { mode: 'number' }).notNull(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  durationTypeId: smallint('duration_type_id').notNull(),
  untilAt: bigint('until_at', { mode: 'number' }),
  createdBy: bigint('created_by', { mode: 'number' }),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  modifiedAt: bigint('modified_at', { mode: 'number' }).notNull(),
});

export const chatDirectRoom = pgTable('chat_direct_room', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  userLow: bigint('user_low', { mode: 'number' }).notNull(),
  userHigh: bigint('user_high', { mode: 'number' }).notNull(),
  latestMessageId: bigint('latest_message_id', { mode: 'number' }),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});

export const chatFile = pgTable('chat_file', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  imgPath: text('img_path').notNull(),
  thumbPath: text('thumb_path').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  bytes: integer('bytes').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});

export const chatMemberRemark = pgTable(
  'chat_member_remark',
  {
    managerId: bigint('manager_id', { mode: 'number' }).notNull(),
    targetUserId: bigint('target_user_id', { mode: 'number' }).notNull(),
    remark: text('remark').notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.managerId, t.targetUserId] })],
);

export const chatMessage = pgTable('chat_message', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  roomId: bigint('room_id', { mode: 'number' }),
  directRoomId: bigint('direct_room_id', { mode: 'number' }),
  userId: bigint('user_id', { mode: 'number' }),
  guestCode: text('guest_code'),
  messageTypeId: smallint('message_type_id').notNull(),
  message: text('message').notNull(),
  status: smallint('status').notNull(),
  userIds: text('user_ids').notNull(),
  withdrawnAt: bigint('withdrawn_at', { mode: 'number' }),
  withdrawnBy: bigint('withdrawn_by', { mode: 'number' }),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});

export const chatPushPlan = pgTable('chat_push_plan', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  roomId: bigint('room_id', { mode: 'number' }).notNull(),
  gameName: text('game_name').notNull(),
  lotteryCode: text('lottery_code').notNull(),
  enabled: boolean('enabled').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});

export const chatPushPlanRecord = pgTable('chat_push_plan_record', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  planId: bigint('plan_id', { mode: 'number' }).notNull(),
  issue: text('issue').notNull(),
  predictionResult: text('prediction_result').notNull(),
  openNumber: text('open_number').notNull(),
  isPrize: smallint('is_prize').notNull(),
  messageId: bigint('message_id', { mode: 'number' }),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  settledAt: bigint('settled_at', { mode: 'number' }),
});

export const chatReadMark = pgTable(
  'chat_read_mark',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    roomKey: text('room_key').notNull(),
    readMessageId: bigint('read_message_id', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roomKey] })],
);

export const chatRoom = pgTable('chat_room', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  roomCode: text('room_code').notNull(),
  title: text('title').notNull(),
  subTitle: text('sub_title').notNull(),
  avatar: text('avatar').notNull(),
  imageUrl: text('image_url').notNull(),
  content: text('content').notNull(),
  passwordSalt: text('password_salt'),
  passwordHash: text('password_hash'),
  isShowList: boolean('is_show_list').notNull(),
  isMessageBanned: boolean('is_message_banned').notNull(),
  messageLength: integer('message_length').notNull(),
  bannedGrades: integer('banned_grades').array().notNull(),
  registerLink: text('register_link').notNull(),
  sortOrder: integer('sort_order').notNull(),
  deletedAt: bigint('deleted_at', { mode: 'number' }),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});

export const chatRoomAccess = pgTable(
  'chat_room_access',
  {
    roomId: bigint('room_id', { mode: 'number' }).notNull(),
    memberKey: text('member_key').notNull(),
    grantedAt: bigint('granted_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.memberKey] })],
);

export const chatRoomManager = pgTable(
  'chat_room_manager',
  {
    roomId: bigint('room_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.userId] })],
);

export const chatSavedImage = pgTable('chat_saved_image', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  imgPath: text('img_path').notNull(),
  thumbPath: text('thumb_path').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});

export const chatSocketKey = pgTable('chat_socket_key', {
  keyHash: text('key_hash').primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  sessionId: bigint('session_id', { mode: 'number' }).notNull(),
  expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
  usedAt: bigint('used_at', { mode: 'number' }),
});
