/**
 * API paths of the betting and draw calls, free of zod: a page that only names a path (the play
 * screen's fetchers) does not load the schema library with it (issue 10). betting.ts and draw.ts
 * re-export them for the server.
 */
export const BettingPaths = {
  addBetting: 'betting/addBetting',
  cancelBetting: 'betting/cancelBetting',
  getBetting: 'betting/getBetting',
  getBetData: 'betting/getBetData',
  getBetDetail: 'betting/getBetDetail',
  getBetRebate: 'betting/getBetRebate',
  getAllBetRebate: 'betting/getAllBetRebate',
} as const;

export const ChasePaths = {
  addChaseBetting: 'betting/addChaseBetting',
  cancelAutoChaseBetting: 'betting/cancelAutoChaseBetting',
  getChaseBetting: 'betting/getChaseBetting',
  getChaseBetData: 'betting/getChaseBetData',
  getChaseDetail: 'betting/getChaseDetail',
} as const;

export const DrawPaths = {
  lotteryPlan: 'betting/getLotteryPlan',
  openTime: 'lottery/openTime',
  lhcOpenTime: 'lottery/6hc/openTime',
  nextIssueOpenData: 'betting/nextIssueOpenData',
  lotteryOpenData: 'betting/lotteryOpenData',
  openResult: 'lottery/openResult',
  longDragon: 'lottery/longDragon',
  nowIssue: 'chat/getNowIssue',
  stockTodayTrend: 'stock/todayTrendData',
  stockLastTrend: 'lottery/stockLastTrendData',
  stockTrendChart: 'stock/trendChart',
  stockLotteryData: 'management/content/getStockLotteryDataFront',
  fairnessChain: 'fairness/chain',
  fairnessIssue: 'fairness/issue',
} as const;
