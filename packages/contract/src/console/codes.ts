import type { CodeDef } from '../codes';

/**
 * The operator console's codes (ours, issue 40), -4001..-4199: apart from the player's catalogue
 * (codes.ts), so the player's app never carries the console's texts. The gate's codes come with
 * HTTP 401/403 (console/endpoint.ts); the others are HTTP 200 like every business outcome. No
 * number here is one of codes.ts (codes.test.ts).
 */
export const ConsoleCodes = {
  /** Sign-in, the gate and staff (-4001..-4099). */
  CONSOLE_SIGNED_OUT: { code: -4001, msg: '登录已过期，请重新登录' },
  CONSOLE_FORBIDDEN: { code: -4003, msg: '无权限执行此操作' },
  CONSOLE_ORIGIN_REFUSED: { code: -4004, msg: '请求来源不受信任，请在管理后台页面内操作' },
  CONSOLE_IP_REFUSED: { code: -4005, msg: '当前IP不允许访问管理后台' },
  CONSOLE_SIGN_IN_FAILED: { code: -4010, msg: '账号或密码错误' },
  CONSOLE_LOCKED: { code: -4011, msg: '错误次数过多，账号已锁定，请15分钟后再试' },
  CONSOLE_CODE_WRONG: { code: -4012, msg: '动态验证码或恢复码错误' },
  CONSOLE_TICKET_EXPIRED: { code: -4013, msg: '登录步骤已过期，请重新登录' },
  CONSOLE_STAFF_DISABLED: { code: -4014, msg: '该员工账号已停用' },
  CONSOLE_LINK_INVALID: { code: -4015, msg: '链接无效或已过期' },
  CONSOLE_STAFF_EXISTS: { code: -4020, msg: '该员工账号已存在' },
  CONSOLE_STAFF_MISSING: { code: -4021, msg: '员工不存在' },
  CONSOLE_NOT_ON_SELF: { code: -4022, msg: '不能对自己的账号执行此操作' },
  /** Players desk (issue 40 §6): -4150..-4199. */
  CONSOLE_PLAYER_MISSING: { code: -4150, msg: '玩家不存在' },
  CONSOLE_PLAYER_STATUS_SAME: { code: -4151, msg: '玩家已是该状态' },
  /** Finance desk (issue 40 §5): -4100..-4149. */
  CONSOLE_ORDER_MISSING: { code: -4100, msg: '订单不存在' },
  CONSOLE_DEPOSIT_ALREADY_PAID: { code: -4101, msg: '该充值订单已确认到账，不能重复确认' },
  CONSOLE_ORDER_DECIDED: { code: -4102, msg: '订单已处理，请刷新后查看' },
  CONSOLE_SAME_APPROVER: { code: -4103, msg: '大额提现须由另一名员工复核，不能由同一人两次批准' },
  CONSOLE_ADJUST_KEY_REUSED: { code: -4104, msg: '该幂等键已用于另一笔调整' },
  CONSOLE_ADJUST_PLAYER_MISSING: { code: -4105, msg: '玩家账号不存在' },
  CONSOLE_DEPOSIT_NOT_MANUAL: { code: -4106, msg: '该订单由支付渠道回调确认，不能人工确认到账' },
  CONSOLE_DEPOSIT_NOT_REJECTABLE: { code: -4107, msg: '该充值订单已确认到账，不能再拒绝' },
} as const satisfies Record<string, CodeDef>;
