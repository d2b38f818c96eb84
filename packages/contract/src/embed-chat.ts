import { z } from 'zod';
import { endpoint } from './endpoint';

/**
 * Embedded chat 吉聊 (spec/platform.md §2 tab bar, §7 users/embedChat*; docs/embed-chat.md): the
 * player's account in the chat app that the site frames. The host page asks for a one-time key
 * (60 s, works once, stored hashed); the chat frame spends it to register a chat account, bind an
 * existing one, or sign in to the account already bound. Every call needs the player's session, and
 * a key only works for the player it was issued to.
 */
export const EMBED_CHAT_KEY_TTL_MS = 60_000;
/** A chat account's id as the chat shows it: 8 digits, first not 0. */
export const EMBED_CHAT_UID = /^[1-9]\d{7}$/;

export const EmbedChatMessages = {
  disabled: '吉聊暂未开放',
  key: '登录凭证已失效，请重新进入吉聊',
  nickname: '昵称为2-12个字',
  password: '吉聊密码为6-20位',
  uid: '请输入8位吉聊账号',
  alreadyBound: '您已绑定吉聊账号',
  notBound: '您尚未绑定吉聊账号',
  bindFailed: '吉聊账号或密码错误',
  takenByOther: '该吉聊账号已绑定其他用户',
  registered: '注册成功',
  bound: '绑定成功',
} as const;
const M = EmbedChatMessages;

const oneTimeKey = z.string().regex(/^[A-Za-z0-9_-]{43}$/, M.key);
const chatPassword = z.string().min(6, M.password).max(20, M.password);

export const EmbedChatKeyRequest = z.object({ oneTimeKey });
export const EmbedChatRegisterRequest = z.object({
  oneTimeKey,
  nickname: z.string().trim().min(2, M.nickname).max(12, M.nickname),
  password: chatPassword,
});
export const EmbedChatBindRequest = z.object({
  oneTimeKey,
  uid: z.string().trim().regex(EMBED_CHAT_UID, M.uid),
  password: chatPassword,
});

/** The chat account as both windows show it. */
export const EmbedChatAccount = z.object({
  uid: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  boundAt: z.number().int(),
});
export type EmbedChatAccount = z.infer<typeof EmbedChatAccount>;

export const EmbedChatBindInfo = z.object({
  bound: z.boolean(),
  account: EmbedChatAccount.nullable(),
});

export const EmbedChatApi = {
  bindInfo: endpoint({
    method: 'GET',
    path: 'users/embedChatBindInfo',
    summary: 'Whether the player has bound a 吉聊 account, and which',
    data: EmbedChatBindInfo,
    login: true,
  }),
  generateLoginOneTimeKey: endpoint({
    method: 'POST',
    path: 'users/embedChatGenerateLoginOneTimeKey',
    summary: 'A one-time key (60 s, once) for the chat frame to register, bind or sign in',
    data: z.object({ oneTimeKey: z.string(), expiresAt: z.number().int(), bound: z.boolean() }),
    login: true,
  }),
  register: endpoint({
    method: 'POST',
    path: 'users/embedChatAccountRegister',
    summary: 'Spend a one-time key: create a 吉聊 account (nickname, chat password) bound to the player',
    request: EmbedChatRegisterRequest,
    data: EmbedChatAccount,
    login: true,
  }),
  bind: endpoint({
    method: 'POST',
    path: 'users/embedChatAccountBind',
    summary: 'Spend a one-time key: bind an existing, unbound 吉聊 account (uid, chat password)',
    request: EmbedChatBindRequest,
    data: EmbedChatAccount,
    login: true,
  }),
  refreshAccount: endpoint({
    method: 'POST',
    path: 'users/embedChatRefreshAccount',
    summary: 'Spend a one-time key: sign the chat frame in to the bound account (uid, nickname, avatar)',
    request: EmbedChatKeyRequest,
    data: EmbedChatAccount,
    login: true,
  }),
  refreshAvatar: endpoint({
    method: 'POST',
    path: 'users/embedChatRefreshAvatar',
    summary: "Copy the player's current avatar to the bound 吉聊 account",
    data: EmbedChatAccount,
    login: true,
  }),
};

/**
 * The cross-window messages (docs/embed-chat.md): `ltType` names the message; the host page (our
 * site) and the chat frame each parse what they receive with these schemas, after checking
 * event.origin and event.source, and ignore anything else.
 */
const account = { uid: z.string(), nickname: z.string(), avatar: z.string() };
/** Frame → host. */
export const ChatToHostMessage = z.discriminatedUnion('ltType', [
  z.object({ ltType: z.literal('ThirdPartyLoginStart') }),
  z.object({ ltType: z.literal('RegisterAccount'), uid: z.string() }),
  z.object({ ltType: z.literal('BindExistedAccount'), uid: z.string() }),
  z.object({ ltType: z.literal('AvatarAndUidRequest') }),
  z.object({ ltType: z.literal('RefreshAvatar') }),
  z.object({ ltType: z.literal('TenantNameRequest') }),
]);
export type ChatToHostMessage = z.infer<typeof ChatToHostMessage>;

/** Host → frame. */
export const HostToChatMessage = z.discriminatedUnion('ltType', [
  z.object({
    ltType: z.literal('ThirdPartyLoginStart'),
    oneTimeKey: z.string(),
    expiresAt: z.number(),
    bound: z.boolean(),
  }),
  z.object({ ltType: z.literal('AccountBindSuccess'), ...account }),
  z.object({ ltType: z.literal('AvatarAndUidRequest'), bound: z.boolean(), ...account }),
  z.object({ ltType: z.literal('RefreshAvatar'), ...account }),
  z.object({ ltType: z.literal('TenantNameRequest'), tenantName: z.string() }),
]);
export type HostToChatMessage = z.infer<typeof HostToChatMessage>;
