/** Every text the shell shows, spelled exactly as spec/platform.md and spec/betting.md write it. */
export const zhCN = {
  loading: '加载中...',
  comingSoon: '即将开放，敬请期待！',
  sessionExpired: '由于登录验证过期，已自动退出，需要重新登录！',
  offline: '当前网络不可用，请检查网络后重试',
  httpNotOk: '当前网络不可用，请联系客服人员',
  httpForbiddenOrUnavailable: '网络异常，请重试',
  noStatus: '网络超时，请重试',
  timeout: '请求超时',
  qqBrowser: '暂不支持QQ浏览器，建议使用 uc chrome safari 访问',
  browserUnsupported: (ua: string) => `请求异常。当前浏览器环境：${ua}`,
  operationFailed: '操作失败',
  amountMismatch: '提交金额不符',
  pledgeLimit: '当前质押仓单已达上限',
  passwordWasReset: '密码已重新设置，有疑问请联系客服',
  retry: '请重试',
  noSupportLine: '目前暂无匹配客服线路',
  newMessage: '您有一条新的消息',
  newVersion: (seconds: number) => `发现新版本，将在${seconds}秒后自动为您更新。`,
  serverTimeFailed: '因无法同步服务器时间,您将无法投注,请检查网络情况',
  lotteryMissing: '当前彩种不存在',
  operationOk: '操作成功～',
  pleaseWait: '请稍等...',
  modifyOk: '修改成功',
  passwordMismatch: '两次密码输入不一致',
  newPasswordSameAsOld: '新密码与旧密码不能一致',
  noData: '暂无数据',
  allShown: '已显示全部记录',
  imageFailed: '图片加载失败',
} as const;

/** Grade labels of spec/platform.md §3. */
export const GRADE_LABELS: Record<number, string> = {
  [-1]: '测试组',
  [-2]: '游客',
  1: '青铜',
  2: '白银',
  3: '黄金',
  4: '铂金',
  5: '钻石',
  6: '水晶',
  7: '皇冠',
  8: '星耀',
  9: '王者',
  10: '彩神',
  100: '管理',
};

/** 'VIP3 黄金' for 1-10, the plain label for the special groups. */
export function gradeTitle(grade: number): string {
  const label = GRADE_LABELS[grade];
  if (label === undefined) return `VIP${grade}`;
  return grade >= 1 && grade <= 10 ? `VIP${grade} ${label}` : label;
}
