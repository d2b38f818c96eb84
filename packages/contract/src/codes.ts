/**
 * Every response code of spec/platform.md §8 and spec/betting.md §8, with its default message.
 * One list shared by the server (which answers with these) and the web (which reacts to them).
 * Where the spec names a code but not its text, the text here is ours; where the spec gives the
 * text, it is used verbatim.
 */
export interface CodeDef {
  readonly code: number;
  readonly msg: string;
}

export const Codes = {
  /** Generic success. */
  OK: { code: 1, msg: '操作成功～' },
  /** Session expired or missing where a login is required. */
  SESSION_EXPIRED: { code: 0, msg: '由于登录验证过期，已自动退出，需要重新登录！' },
  /** Verification failure (password, safety password); data 10 marks the lock case. */
  VERIFY_FAILED: { code: -1, msg: '密码错误，请重试' },
  /** A request parameter failed validation; msg says which and why. Web: show server msg. */
  INVALID_PARAM: { code: -2, msg: '参数错误' },
  /** Savings (yuebao) operation failed; web shows 操作失败 and refreshes the yuebao state. */
  YUEBAO_FAILED: { code: -3, msg: '操作失败' },
  /** Passed through silently by the web (caller handles it). */
  SILENT_4: { code: -4, msg: '请求未完成' },
  /** Busy, retry: chat send and share are retried up to 2 times. */
  BUSY_RETRY: { code: -5, msg: '系统繁忙，请稍后重试' },
  /** Account disabled: web shows msg, clears the stored user, goes to /login. */
  ACCOUNT_DISABLED: { code: -6, msg: '账号已被停用，请联系客服' },
  /** Site maintenance (or unknown tenant on getTenantConfig); data {message,startTime,endTime,supportList}. */
  MAINTENANCE: { code: -7, msg: '系统维护中' },
  /** Logged in elsewhere: web shows msg, clears the stored user, goes to /login. */
  KICKED_OUT: { code: -8, msg: '您的账号已在其他地方登录' },
  /** Add bet: the rebate changed; the web reloads rebates. */
  REBATE_CHANGED: { code: -9, msg: '返点不正确，请刷新后重试' },
  /** Account locked after repeated failures: web shows msg, clears the stored user, goes to /login. */
  ACCOUNT_LOCKED: { code: -11, msg: '密码错误次数过多，账号已被锁定，请稍后再试' },
  /** Site closed (or tenant closed). */
  SITE_CLOSED: { code: -12, msg: '网站已关闭' },
  /** Access from a restricted IP or region; data carries supportList. */
  IP_RESTRICTED: { code: -19, msg: '您所在的地区暂不提供服务' },
  /** Passed through to the caller with its data. */
  PASS_THROUGH: { code: -30, msg: '请求已处理' },
  /** Account state forbids the action: web clears the stored user (ignored silently on add bet). */
  ACCOUNT_ABNORMAL: { code: -33, msg: '账号状态异常，请重新登录' },
  /** A bet is being placed: the web keeps 正在投注. */
  BET_IN_PROGRESS: { code: -40, msg: '正在投注' },
  /** A cancel is in progress: the web keeps 正在撤单.... */
  CANCEL_IN_PROGRESS: { code: -41, msg: '正在撤单...' },
  /** Login required for this action: web shows msg then /login. */
  LOGIN_REQUIRED: { code: -49, msg: '请先登录' },
  /** Account frozen: web shows msg then /login. */
  ACCOUNT_FROZEN: { code: -91, msg: '账号已被冻结，请联系客服' },
  /** Too many requests (rate limit). */
  TOO_FREQUENT: { code: -98, msg: '操作过于频繁，请稍后再试' },
  /** This session was revoked by a password change. */
  PASSWORD_RESET: { code: -99, msg: '密码已重新设置，有疑问请联系客服' },
  /** Unknown API path. */
  NOT_FOUND: { code: -404, msg: '请求的接口不存在' },
  /** Browser not supported. */
  BROWSER_UNSUPPORTED: { code: -405, msg: '请求异常。当前浏览器环境：' },
  /** Unexpected server failure (never carries a stack trace). */
  SERVER_ERROR: { code: -500, msg: '系统繁忙，请稍后再试' },
  /** Safety-password and bank-card family: the web shows msg only when present. */
  SAFETY_PASSWORD_WRONG: { code: -3058, msg: '安全密码错误' },
  SAFETY_PASSWORD_NOT_SET: { code: -3059, msg: '您还未设置安全密码' },
  SAFETY_PASSWORD_LOCKED: { code: -3060, msg: '安全密码错误次数过多，已被锁定' },
  SAFETY_PASSWORD_TOO_SIMPLE: {
    code: -3061,
    msg: '安全密码不能过于简单，禁止设置为：123456、123123、654321、111111等此类简单密码',
  },
  SAFETY_PASSWORD_SAME: { code: -3062, msg: '新密码与旧密码不能一致' },
  BANK_CARD_INVALID: { code: -3063, msg: '银行卡信息有误' },
  BANK_CARD_EXISTS: { code: -3064, msg: '该银行卡已被绑定' },
  BANK_CARD_LIMIT: { code: -3065, msg: '绑定银行卡数量已达上限' },
  SECURITY_VERIFY_REQUIRED: { code: -3066, msg: '请先完成安全验证' },
  /** Yuebao family. */
  YUEBAO_AMOUNT_MISMATCH: { code: -110002, msg: '提交金额不符' },
  YUEBAO_PLEDGE_LIMIT: { code: -110003, msg: '当前质押仓单已达上限' },
  YUEBAO_FAILED_HOME: { code: -110004, msg: '操作失败' },
  YUEBAO_STATE_FAILED: { code: -110005, msg: '操作失败' },
  YUEBAO_SILENT: { code: -110006, msg: '余额宝处理中' },
  /** Wallet family (ours): the web shows msg; 余额不足 offers 充值 (spec/betting.md §8). */
  INSUFFICIENT_BALANCE: { code: -2001, msg: '余额不足' },
  TURNOVER_NOT_MET: { code: -2002, msg: '打码量未达到提现要求，暂不能提现' },
  WITHDRAW_LIMIT: { code: -2003, msg: '提现金额超出限制' },
  ORDER_STATE_CHANGED: { code: -2004, msg: '订单状态已变更' },
  CHANNEL_UNAVAILABLE: { code: -2005, msg: '该充值渠道暂未开放' },
  VERIFY_CODE_WRONG: { code: -2006, msg: '验证码错误或已过期' },
} as const satisfies Record<string, CodeDef>;

export type CodeName = keyof typeof Codes;

/** Each code's number by name, for comparisons (`envelope.code === Code.OK`), never a bare number. */
export const Code = Object.fromEntries(Object.entries(Codes).map(([name, def]) => [name, def.code])) as {
  readonly [K in CodeName]: (typeof Codes)[K]['code'];
};

/** Codes the web passes through without any dialog (spec/platform.md §8). */
export const SILENT_CODES: readonly number[] = [-110006, -4, -5, -40, -41];

/** Range whose message is shown only when the server sent one. */
export const SAFETY_CODE_RANGE = { min: -3066, max: -3058 } as const;

const byCode = new Map<number, CodeDef>(Object.values(Codes).map((d) => [d.code, d]));

/** The definition for a numeric code, if it is one of ours. */
export function codeDef(code: number): CodeDef | undefined {
  return byCode.get(code);
}

/**
 * Texts the spec prescribes for validation and business outcomes, used verbatim by both sides.
 * Functions build the texts that carry a number.
 */
export const Messages = {
  sessionExpired: Codes.SESSION_EXPIRED.msg,
  comingSoon: '即将开放，敬请期待！',
  loading: '加载中...',
  noSupportLine: '目前暂无匹配客服线路',
  offline: '当前网络不可用，请检查网络后重试',
  networkError: '网络异常，请重试',
  networkUnavailable: '当前网络不可用，请联系客服人员',
  timeout: '网络超时，请重试',
  qqBrowser: '暂不支持QQ浏览器，建议使用 uc chrome safari 访问',
  passwordReset: Codes.PASSWORD_RESET.msg,
  // Accounts (spec/platform.md §5; texts where the spec gives none are ours; the field rules'
  // own messages are FieldMessages in fields.ts)
  userNameTaken: '该账号已被注册',
  passwordDigestRule: '密码格式不正确',
  loginFailed: '账号或密码错误',
  genderRule: '性别只能是女、男或保密',
  avatarRule: '请从默认头像中选择',
  oldPasswordWrong: '原密码错误',
  newPasswordSame: '新密码与旧密码不能一致',
  imageCodeRequired: '请输入图形验证码',
  imageCodeWrong: '图形验证码错误或已过期',
  inviteCodeRequired: '请输入邀请码',
  inviteCodeInvalid: '邀请码无效',
  accountLocked: (minutes: number) => `密码错误次数过多，账号已被锁定，请${minutes}分钟后再试`,
  // Safety password (spec/platform.md §5)
  safetyPasswordTooSimple: Codes.SAFETY_PASSWORD_TOO_SIMPLE.msg,
  safetyPasswordSame: '新密码与旧密码不能一致',
  confirmMismatch: '两次密码输入不一致',
  // Betting (spec/betting.md §5, §8)
  betSuccess: '投注成功',
  betPlacing: '正在投注',
  cancelling: '正在撤单...',
  cancelConfirm: '撤单不可恢复，是否确认撤单？',
  insufficientBalance: '余额不足',
  issueWrong: '投注期号错误',
  rebateWrong: '返点不正确',
  investTypeChanged: '投资类型校验错误',
  investTypeChangedWeb: '投资类型发生异动，您的投注未能成功，即将为您刷新页面',
  basketFull: '方案注数最多20笔',
  chaseMixed: '追号不支持混投，请确保您的投注都为同一玩法且元角分模式一致。',
  chaseMax: (n: number) => `最多可追号${n}期`,
  multiplierMax: (n: number) => `最多${n}倍`,
  chaseIssuesMax: (n: number) => `最多${n}期`,
  noSelection: '请至少选择一注号码投注',
  noAmount: '请填写您要投注的金额',
  rebateMissing: '返点获取失败，请刷新再试',
  selectionTimeout: '选号超时，请重新选号',
  lotteryMissing: '当前彩种不存在',
  /** A play the lottery does not have, or one this tenant does not offer (code -2). */
  playMissing: '玩法不存在',
  yuanOnly: '目前只支持元哦',
  betClosed: (closedIssue: string, currentIssue: string) => `${closedIssue}期已封盘，当前为${currentIssue}期`,
  planFailed: '投注计划获取失败，即将返回首页',
  serverTimeFailed: '因无法同步服务器时间,您将无法投注,请检查网络情况',
} as const;

/**
 * The business codes a bet's caller answers itself (spec/betting.md §8): betting/addBetting from the
 * play page, a followed share and the long-dragon footer, and the chase and fast-bet calls.
 */
export const BET_PASS_CODES = [
  Codes.INVALID_PARAM.code,
  Codes.REBATE_CHANGED.code,
  Codes.ACCOUNT_ABNORMAL.code,
  Codes.BET_IN_PROGRESS.code,
  Codes.INSUFFICIENT_BALANCE.code,
  Codes.SERVER_ERROR.code,
  Codes.NOT_FOUND.code,
] as const;
