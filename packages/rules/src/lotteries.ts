import type { Family } from './family';

/**
 * The lottery catalogue: every lottery of the ten families (spec/betting.md §1, §9).
 * Codes and schedules are documented in docs/rules-catalogue.md.
 *
 * Code rules (4 digits, designed here):
 * - only K3 codes contain "14" (spec §5: "lottery codes containing 14 with mode A10" don't multiply
 *   the amount by the note count; that exception must never hit KL8's A10);
 * - 1001 and 1309 are the two lotteries with a special day rollover (spec §9): 1001 numbers its
 *   issues in one continuous series that never resets at midnight; 1309's business day runs from
 *   13:05 to 13:05 Beijing time, so issues drawn after midnight belong to the previous day.
 */

/** The sixteen lottery types of spec/platform.md §2 (rebate description picker), in that order. */
export const LOTTERY_TYPES = [
  { lotteryType: 1, name: '快三' },
  { lotteryType: 2, name: '时时彩' },
  { lotteryType: 3, name: '11选5' },
  { lotteryType: 4, name: '3D' },
  { lotteryType: 5, name: '排列三' },
  { lotteryType: 6, name: '快乐8' },
  { lotteryType: 7, name: '赛车' },
  { lotteryType: 8, name: '六合彩' },
  { lotteryType: 9, name: '百人牛牛' },
  { lotteryType: 10, name: '龙虎斗' },
  { lotteryType: 11, name: '红黑大战' },
  { lotteryType: 12, name: '百家乐' },
  { lotteryType: 13, name: '奔驰宝马' },
  { lotteryType: 14, name: '骰宝' },
  { lotteryType: 15, name: '北京28' },
  { lotteryType: 16, name: '股指' },
] as const;

export type LotteryType = (typeof LOTTERY_TYPES)[number]['lotteryType'];

/** lotteryType of each lottery family (the table games 9-14 are not lottery families). */
export const FAMILY_LOTTERY_TYPE: Readonly<Record<Family, LotteryType>> = {
  K3: 1,
  SSC: 2,
  SYX5: 3,
  FC3D: 4,
  PL35: 5,
  KL8: 6,
  PK10: 7,
  LHC: 8,
  BJ28: 15,
  STOCK: 16,
};

/** Time of day in Beijing time, 'HH:mm'. */
export type ClockTime = `${number}:${number}`;

export type Schedule =
  /**
   * Draws all day every `minutes`; 1440/minutes issues per business day. Issue 1 of business date D
   * draws at D + firstDrawAt (Beijing time); the business day starts `minutes` before that.
   */
  | { kind: 'interval'; minutes: 1 | 2 | 3 | 5 | 10; firstDrawAt: ClockTime }
  /** One draw a day at `at`, on the listed ISO weekdays (1 = Monday ... 7 = Sunday; absent = every day). */
  | { kind: 'daily'; at: ClockTime; weekdays?: readonly number[] }
  /**
   * Six-mark: one draw at 21:30 on each open day. Open days are the listed ISO weekdays, plus
   * `extraDates`, minus `closedDates` ('YYYY-MM-DD', Beijing dates) — the operator edits the lists.
   */
  | {
      kind: 'lhc';
      at: '21:30';
      openWeekdays: readonly number[];
      extraDates?: readonly string[];
      closedDates?: readonly string[];
    };

export type IssueFormat =
  /** YYYYMMDD of the business date + issue sequence of that day zero-padded to `seqDigits`. */
  | { kind: 'dateSeq'; seqDigits: 3 | 4 }
  /** YYYY + the draw's sequence within the year, zero-padded to 3 (daily draws, six-mark). */
  | { kind: 'yearSeq' }
  /** YYYYMMDD (one draw a day on trading days: index-based stock codes). */
  | { kind: 'date' }
  /**
   * One continuous series: issue 1 of business date `epochDate` is `firstIssue`, and every later
   * issue adds one, across midnights (the 1001 rollover rule).
   */
  | { kind: 'serial'; epochDate: string; firstIssue: number };

export interface LotteryDef {
  /** lotteryCode, as in routes and bet lines (/lottery/{family}/{code}). */
  code: string;
  family: Family;
  /** lotteryName shown to players. */
  name: string;
  lotteryType: LotteryType;
  /** lotteryExplain: one line under the name in the hall. */
  explain: string;
  /** CSS class of the lottery's SVG icon (a coloured disc with the family's glyph). */
  iconClass: string;
  schedule: Schedule;
  issueFormat: IssueFormat;
  /** Sales of an issue close this many seconds before its draw (当期封单). */
  closeBeforeDrawSec: number;
  /** 预售中 is shown while more than this many seconds remain (spec §4: 1200; 300 / 1500 for special groups). */
  presaleSec: number;
  /** Offers fast mode (马上开奖 / 连续开奖). */
  isFastBet: boolean;
  /** Chase (追号) offered; spec §5: not for FC3D and PL35. */
  chaseAllowed: boolean;
  /** How many numbers a draw has (K3 3, SSC 5, SYX5 5, PK10 10, FC3D/PL3 3, PL5 5, KL8 20, LHC 7, BJ28 3, STOCK 5). */
  resultLength: number;
  /** Drawn by the house's provably fair chain (true) or entered from an official source (false). */
  houseDrawn: boolean;
  sortOrder: number;
  hot: boolean;
}

/** How many numbers a draw of each family has (PL35 lotteries override it: PL5 draws 5). */
export const RESULT_LENGTH: Readonly<Record<Family, number>> = {
  K3: 3,
  SSC: 5,
  SYX5: 5,
  PK10: 10,
  FC3D: 3,
  PL35: 3,
  KL8: 20,
  LHC: 7,
  BJ28: 3,
  STOCK: 5,
};

/** Close-before-draw seconds of the interval lotteries, by minutes. */
const INTERVAL_CLOSE_SEC: Readonly<Record<1 | 2 | 3 | 5 | 10, number>> = {
  1: 5,
  2: 10,
  3: 15,
  5: 30,
  10: 60,
};

type Entry = Omit<
  LotteryDef,
  | 'lotteryType'
  | 'iconClass'
  | 'closeBeforeDrawSec'
  | 'presaleSec'
  | 'isFastBet'
  | 'chaseAllowed'
  | 'resultLength'
  | 'houseDrawn'
  | 'sortOrder'
  | 'hot'
> &
  Partial<Pick<LotteryDef, 'closeBeforeDrawSec' | 'presaleSec' | 'resultLength' | 'houseDrawn' | 'hot'>>;

function interval(minutes: 1 | 2 | 3 | 5 | 10, firstDrawAt?: ClockTime): Schedule {
  const first = firstDrawAt ?? (`00:${String(minutes).padStart(2, '0')}` as ClockTime);
  return { kind: 'interval', minutes, firstDrawAt: first };
}

function seqFormat(minutes: number): IssueFormat {
  return { kind: 'dateSeq', seqDigits: 1440 / minutes > 999 ? 4 : 3 };
}

function house(
  code: string,
  family: Family,
  name: string,
  minutes: 1 | 2 | 3 | 5 | 10,
  explain: string,
  hot = false,
): Entry {
  return {
    code,
    family,
    name,
    explain,
    schedule: interval(minutes),
    issueFormat: seqFormat(minutes),
    hot,
  };
}

const MON_FRI = [1, 2, 3, 4, 5] as const;
const TUE_SAT = [2, 3, 4, 5, 6] as const;

const ENTRIES: readonly Entry[] = [
  // K3: every code contains "14".
  house('1401', 'K3', '极速快三', 1, '1分钟一期，全天1440期', true),
  house('1403', 'K3', '三分快三', 3, '3分钟一期，全天480期'),
  house('1405', 'K3', '五分快三', 5, '5分钟一期，全天288期'),
  house('1410', 'K3', '十分快三', 10, '10分钟一期，全天144期'),
  // SSC
  {
    code: '1001',
    family: 'SSC',
    name: '欢乐时时彩',
    explain: '5分钟一期，全天288期，期号连续不按日重置',
    schedule: interval(5),
    issueFormat: { kind: 'serial', epochDate: '2024-01-01', firstIssue: 1000001 },
    hot: true,
  },
  house('1002', 'SSC', '极速时时彩', 1, '1分钟一期，全天1440期', true),
  house('1003', 'SSC', '三分时时彩', 3, '3分钟一期，全天480期'),
  house('1005', 'SSC', '五分时时彩', 5, '5分钟一期，全天288期'),
  house('1010', 'SSC', '十分时时彩', 10, '10分钟一期，全天144期'),
  // SYX5
  house('1101', 'SYX5', '极速11选5', 1, '1分钟一期，全天1440期', true),
  house('1103', 'SYX5', '三分11选5', 3, '3分钟一期，全天480期'),
  house('1105', 'SYX5', '五分11选5', 5, '5分钟一期，全天288期'),
  // PK10
  house('1201', 'PK10', '极速赛车', 1, '1分钟一期，全天1440期', true),
  house('1203', 'PK10', '三分赛车', 3, '3分钟一期，全天480期'),
  {
    code: '1309',
    family: 'PK10',
    name: '幸运飞艇',
    explain: '5分钟一期，每日13:05开始，全天288期',
    schedule: interval(5, '13:10'),
    issueFormat: { kind: 'dateSeq', seqDigits: 3 },
    hot: true,
  },
  house('1210', 'PK10', '十分赛车', 10, '10分钟一期，全天144期'),
  // FC3D and PL35: official daily draws, entered by the operator.
  {
    code: '1501',
    family: 'FC3D',
    name: '福彩3D',
    explain: '每日21:15开奖',
    schedule: { kind: 'daily', at: '21:15' },
    issueFormat: { kind: 'yearSeq' },
    closeBeforeDrawSec: 900,
    presaleSec: 1500,
    houseDrawn: false,
  },
  {
    code: '1601',
    family: 'PL35',
    name: '排列三',
    explain: '每日21:25开奖',
    schedule: { kind: 'daily', at: '21:25' },
    issueFormat: { kind: 'yearSeq' },
    closeBeforeDrawSec: 900,
    presaleSec: 1500,
    houseDrawn: false,
  },
  {
    code: '1602',
    family: 'PL35',
    name: '排列五',
    explain: '每日21:25开奖',
    schedule: { kind: 'daily', at: '21:25' },
    issueFormat: { kind: 'yearSeq' },
    closeBeforeDrawSec: 900,
    presaleSec: 1500,
    resultLength: 5,
    houseDrawn: false,
  },
  // KL8
  house('1701', 'KL8', '极速快乐8', 1, '1分钟一期，全天1440期'),
  house('1705', 'KL8', '五分快乐8', 5, '5分钟一期，全天288期'),
  // BJ28
  house('1801', 'BJ28', '极速28', 1, '1分钟一期，全天1440期', true),
  house('1805', 'BJ28', '五分28', 5, '5分钟一期，全天288期'),
  // LHC
  {
    code: '1301',
    family: 'LHC',
    name: '六合彩',
    explain: '每周二、四、六 21:30开奖',
    schedule: { kind: 'lhc', at: '21:30', openWeekdays: [2, 4, 6] },
    issueFormat: { kind: 'yearSeq' },
    closeBeforeDrawSec: 900,
    presaleSec: 1500,
    hot: true,
  },
  house('1302', 'LHC', '极速六合彩', 1, '1分钟一期，全天1440期'),
  house('1305', 'LHC', '五分六合彩', 5, '5分钟一期，全天288期'),
  // STOCK: one two-minute house code and index-based codes drawn from official closing values,
  // each a few minutes after its exchange closes (Beijing time), once the closing value exists.
  house('1902', 'STOCK', '极速股指', 2, '2分钟一期，全天720期'),
  ...(
    [
      ['1911', '上证指数', '15:05', MON_FRI],
      ['1912', '深证成指', '15:05', MON_FRI],
      ['1913', '创业板指', '15:05', MON_FRI],
      ['1915', '恒生指数', '16:15', MON_FRI],
      ['1916', '日经225', '14:40', MON_FRI],
      // New York closes after midnight Beijing time: Tuesday to Saturday mornings.
      ['1917', '道琼斯指数', '05:10', TUE_SAT],
      ['1918', '纳斯达克指数', '05:10', TUE_SAT],
    ] as const
  ).map(
    ([code, name, at, weekdays]): Entry => ({
      code,
      family: 'STOCK',
      name,
      explain: `交易日${at}按收盘指数开奖`,
      schedule: { kind: 'daily', at, weekdays },
      issueFormat: { kind: 'date' },
      closeBeforeDrawSec: 1800,
      presaleSec: 300,
      houseDrawn: false,
    }),
  ),
];

function complete(entry: Entry, index: number): LotteryDef {
  const { schedule } = entry;
  const minutes = schedule.kind === 'interval' ? schedule.minutes : 0;
  return {
    ...entry,
    lotteryType: FAMILY_LOTTERY_TYPE[entry.family],
    iconClass: `lottery-icon lottery-icon--${entry.family.toLowerCase()}`,
    closeBeforeDrawSec: entry.closeBeforeDrawSec ?? (minutes ? INTERVAL_CLOSE_SEC[minutes as 1] : 900),
    presaleSec: entry.presaleSec ?? 1200,
    isFastBet: minutes === 1,
    chaseAllowed: entry.family !== 'FC3D' && entry.family !== 'PL35',
    resultLength: entry.resultLength ?? RESULT_LENGTH[entry.family],
    houseDrawn: entry.houseDrawn ?? true,
    sortOrder: index + 1,
    hot: entry.hot ?? false,
  };
}

export const LOTTERIES: readonly LotteryDef[] = Object.freeze(ENTRIES.map(complete));

const BY_CODE: ReadonlyMap<string, LotteryDef> = new Map(LOTTERIES.map((l) => [l.code, l]));

export function lotteryByCode(code: string): LotteryDef | undefined {
  return BY_CODE.get(code);
}

/** Lotteries of one family, in hall order. */
export function lotteriesOf(family: Family): LotteryDef[] {
  return LOTTERIES.filter((l) => l.family === family);
}

/** The lottery for a route /lottery/{family}/{code}; undefined means 当前彩种不存在. */
export function lotteryForRoute(family: string, code: string): LotteryDef | undefined {
  const lottery = BY_CODE.get(code);
  return lottery && lottery.family === family ? lottery : undefined;
}
