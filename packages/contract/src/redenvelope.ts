import { z } from 'zod';
import { ChatMessage } from './chat';
import { endpoint } from './endpoint';
import { bigserialRef } from './ids';

/** Red envelopes (spec/platform.md §3-§5, §9). Amounts on the wire are decimal yuan strings. */

export const ENVELOPE_MAX_COUNT = 1000;
export const ENVELOPE_REMARK_MAX = 20;
export const ENVELOPE_DEFAULT_REMARK = '恭喜发财，大发发发发';
export const ENVELOPE_EXPIRY_MS = 12 * 60 * 60 * 1000;
/** Smallest share: 0.01 yuan in minor units (1 yuan = 10000). */
export const ENVELOPE_MIN_SHARE_MINOR = 100n;
export const ENVELOPE_RECORD_PAGE_SIZE = 10;
export const ENVELOPE_RECORD_DAYS = 7;

/** Dispatch types (received record dispatchType): 0 individual (private), 1 normal, 2 lucky split. */
export const DispatchType = { individual: 0, normal: 1, lucky: 2 } as const;

/** Open response state (spec §3). */
export const OpenState = { got: 1, taken: 0, failed: -1 } as const;
/** Grab popup showContent (spec §4). */
export const ShowContent = { ready: 1, amount: 2, expired: 3, allGrabbed: 4, custom: 5 } as const;
/** Read state of an envelope message (spec §4): 1 已过期 2 已领取 3 已抢光 4 已退还 5 已被领完. */
export const ReadState = { expired: 1, received: 2, allGrabbed: 3, returned: 4, allTaken: 5 } as const;

export const EnvelopeMessages = {
  countInteger: '红包个数必须为整数',
  countPositive: '红包个数必须为正整数',
  countMax: '红包个数不能超过1000个',
  averageMin: '人均单个红包金额不能小于1元',
  averageMax: (maxYuan: string) => `人均单个红包金额不能大于${maxYuan}元`,
  quota: '您的红包额度不足',
  dayCount: (n: number) => `您每日可发红包次数为${n}次，已超限制`,
  empty: '不能为空',
  format: '格式不对',
  singleMin: '单个红包金额不可低于 1 元',
  remarkMax: '祝福语不能超过20个字',
  noSafetyPassword: '你还未设置安全密码,无法发送红包，是否先去设置安全密码?',
  expired: '该红包已超过12小时。如已领取，可在“我的红包”中查看。',
  allGrabbed: '已抢光',
  guest: '访客不能抢红包，请先注册登录',
  notFound: '红包不存在',
  notMember: '您不在该红包所在的房间',
  sent: '红包发送成功',
} as const;

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** 6 integer digits and 2 decimals (spec §5). */
const amount = z
  .string({ error: EnvelopeMessages.empty })
  .trim()
  .min(1, EnvelopeMessages.empty)
  .regex(/^\d{1,6}(\.\d{1,2})?$/, EnvelopeMessages.format);

export const SendEnvelopeBody = z.object({
  /** Room envelope: roomCode; private envelope: directRoomId (count forced to 1). */
  roomCode: z.string().trim().min(1).max(64).optional(),
  directRoomId: id.optional(),
  num: z
    .string({ error: EnvelopeMessages.empty })
    .trim()
    .min(1, EnvelopeMessages.empty)
    .regex(/^-?\d+(\.\d+)?$/, EnvelopeMessages.countInteger)
    .regex(/^-?\d+$/, EnvelopeMessages.countInteger)
    .regex(/^\d{1,4}$/, EnvelopeMessages.countPositive)
    .transform(Number)
    .refine((n) => n >= 1, EnvelopeMessages.countPositive)
    .refine((n) => n <= 1000, EnvelopeMessages.countMax),
  /** 1 normal (amount is each share), 2 lucky (amount is the total). */
  type: z.coerce.number().pipe(z.union([z.literal(1), z.literal(2)])),
  amount,
  wishingRemark: z.string().trim().max(ENVELOPE_REMARK_MAX, EnvelopeMessages.remarkMax).optional(),
  /** Encrypted as for withdrawals (docs/api.md). */
  safetyPassword: z.string().min(1, EnvelopeMessages.empty).max(500),
});

export const EnvelopeRefBody = z.object({
  recordId: id,
  roomId: bigserialRef().optional(),
  roomCode: z.string().max(64).optional(),
  isDirect: z.enum(['true', 'false', '1', '0']).optional(),
});
export const ReadEnvelopeBody = z.object({
  recordCode: id,
  state: z.coerce.number().int().min(1).max(5),
});
export const EnvelopeRecordsQuery = z.object({
  pageNum: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(ENVELOPE_RECORD_PAGE_SIZE),
  roomCode: z.string().max(64).optional(),
  /** Epoch ms; clamped to the last 7 days. */
  startTime: z.coerce.number().int().optional(),
  endTime: z.coerce.number().int().optional(),
});
export const TransferConfigQuery = z.object({ type: z.coerce.number().int().default(2) });

export type SendEnvelopeReq = z.infer<typeof SendEnvelopeBody>;

/** GET transfer/queryConfigurationInformation: the sender's limits today. */
export const envelopeConfig = z.object({
  amount: z.string(),
  maxAmount: z.string(),
  dayLimitAmount: z.string(),
  dayLimitCount: z.number().int(),
  dayLimitSendCount: z.number().int(),
});
export type EnvelopeConfig = z.infer<typeof envelopeConfig>;

/** POST chat/openRedEnvelope: 1 got (amount), 0 all taken, -1 expired (msg). */
export const openResult = z.object({
  state: z.union([z.literal(1), z.literal(0), z.literal(-1)]),
  amount: z.string().optional(),
  msg: z.string().optional(),
});
export type OpenResult = z.infer<typeof openResult>;

const envelopePerson = z.object({
  userId: z.number().int(),
  userName: z.string(),
  nickName: z.string(),
  avatar: z.string(),
});

/** POST chat/snatchRedEnvelope: what the grab popup shows (spec §4 showContent) and who grabbed. */
export const envelopeStatus = z.object({
  recordId: z.number().int(),
  showContent: z.number().int(),
  msg: z.string(),
  dispatchType: z.number().int(),
  wishingRemark: z.string(),
  sender: envelopePerson,
  amount: z.string().nullable(),
  receivedCount: z.number().int(),
  count: z.number().int(),
  receivedAmount: z.string(),
  totalAmount: z.string(),
  refundAmount: z.string().nullable(),
  expiresAt: z.number(),
  list: z.array(envelopePerson.extend({ amount: z.string(), receiveTime: z.number() })),
});

const recordTotals = {
  total: z.number().int(),
  totalAmount: z.string(),
  numTotal: z.number().int(),
  amountTotal: z.string(),
  receiveAmount: z.string(),
};

/** The received list (both spec paths): one row per share, times in seconds. */
export const receivedRecords = z.object({
  rows: z.array(
    z.object({
      recordId: z.number().int(),
      userName: z.string(),
      dispatchType: z.number().int(),
      receiveTime: z.number().int(),
      amount: z.string(),
    }),
  ),
  ...recordTotals,
});

/** GET transfer/querySendRedEnvelope (our path): one row per envelope sent. */
export const sentRecords = z.object({
  rows: z.array(
    z.object({
      recordId: z.number().int(),
      userName: z.string(),
      dispatchType: z.number().int(),
      sendTime: z.number().int(),
      amount: z.string(),
      num: z.number().int(),
      receiveNum: z.number().int(),
      receiveAmount: z.string(),
      refundAmount: z.string().nullable(),
    }),
  ),
  ...recordTotals,
});

export type ReceivedRecord = {
  recordId: number;
  userName: string;
  dispatchType: number;
  receiveTime: number;
  amount: string;
};

/** Every red-envelope call (spec/platform.md §7 transfer/* and chat/*RedEnvelope). */
export const RedEnvelopeApi = {
  config: endpoint({
    method: 'GET',
    path: 'transfer/queryConfigurationInformation',
    summary: "The sender's envelope limits and what is left today",
    request: TransferConfigQuery,
    data: envelopeConfig,
    login: true,
  }),
  send: endpoint({
    method: 'POST',
    path: 'chat/sendRedEnvelope',
    summary: 'Send an envelope into a room or a private chat (safety password; ledger 304 into escrow)',
    request: SendEnvelopeBody,
    data: z.object({ recordId: z.number().int(), message: ChatMessage }),
    login: true,
  }),
  status: endpoint({
    method: 'POST',
    path: 'chat/snatchRedEnvelope',
    summary: 'The grab popup of an envelope: its state for this player and who grabbed',
    request: EnvelopeRefBody,
    data: envelopeStatus,
  }),
  open: endpoint({
    method: 'POST',
    path: 'chat/openRedEnvelope',
    summary: 'Grab one share (ledger 211), at most once per player',
    request: EnvelopeRefBody,
    data: openResult,
  }),
  markRead: endpoint({
    method: 'POST',
    path: 'chat/updateReadedRedEnvelop',
    summary: "Mark an envelope message as read in the player's view",
    request: ReadEnvelopeBody,
    login: true,
  }),
  received: endpoint({
    method: 'GET',
    path: 'transfer/queryReceiveRedEnvelope',
    summary: 'Envelopes received in the last 7 days',
    request: EnvelopeRecordsQuery,
    data: receivedRecords,
    login: true,
  }),
  receivedByUser: endpoint({
    method: 'GET',
    path: 'transfer/queryFrontReceiveRedEnvelopeByUserid',
    summary: "Envelopes received in the last 7 days (the spec's second path, same answer)",
    request: EnvelopeRecordsQuery,
    data: receivedRecords,
    login: true,
  }),
  sent: endpoint({
    method: 'GET',
    path: 'transfer/querySendRedEnvelope',
    summary: 'Envelopes sent in the last 7 days',
    request: EnvelopeRecordsQuery,
    data: sentRecords,
    login: true,
  }),
};
