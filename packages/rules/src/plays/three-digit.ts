import type { Family } from '../family';
import type { PlayDef } from '../play';
import { bigSmallOddEven, type DigitContext, dingWei, straightComplex, straightSingle } from './digit-plays';
import { threeStar, twoStar } from './star-groups';

/**
 * FC3D (福彩3D) and PL35 (排列三 / 排列五): digits 百 十 个 (positions 0-2).
 * The codes are SSC's for the same plays: A11 定位胆, C 前二 (百十), B 后二 (十个), D 三星,
 * I11/I12 前二/后二大小单双. PL35 plays carry resultLength: the three-digit set is offered on PL3
 * (3-digit draws) and PL5 (5-digit draws) adds E11/E12 五星直选 and is offered only those.
 */

const THREE = ['百位', '十位', '个位'];
const FIVE = ['万位', '千位', '百位', '十位', '个位'];

function threeDigitPlays(family: Family, resultLength?: number): PlayDef[] {
  const ctx: DigitContext = {
    family,
    positionLabels: THREE,
    drawLength: 3,
    ...(resultLength ? { resultLength } : {}),
  };
  return [
    dingWei({
      ctx,
      positions: [0, 1, 2],
      code: 'A11',
      group: '定位胆',
      subGroup: '定位胆',
      name: '定位胆',
      tip: '在任意位置选择至少1个号码，号码与对应位置开奖号码相同即中奖',
      example: '投注百位1，开奖1**中奖',
    }),
    ...threeStar(ctx, [0, 1, 2], '三星', true),
    ...twoStar(ctx, 'C', '前二', [0, 1]),
    ...twoStar(ctx, 'B', '后二', [1, 2]),
    bigSmallOddEven({
      ctx,
      positions: [0, 1],
      code: 'I11',
      group: '大小单双',
      subGroup: '大小单双',
      name: '前二大小单双',
      tip: '百位、十位各选大小单双（5-9大，0-4小），与开奖形态相同即中奖',
      example: '投注大|单，开奖83*中奖',
    }),
    bigSmallOddEven({
      ctx,
      positions: [1, 2],
      code: 'I12',
      group: '大小单双',
      subGroup: '大小单双',
      name: '后二大小单双',
      tip: '十位、个位各选大小单双（5-9大，0-4小），与开奖形态相同即中奖',
      example: '投注大|单，开奖*83中奖',
    }),
  ];
}

function fiveStar(): PlayDef[] {
  const ctx: DigitContext = { family: 'PL35', positionLabels: FIVE, drawLength: 5, resultLength: 5 };
  const g = { ctx, group: '五星', positions: [0, 1, 2, 3, 4] };
  return [
    straightComplex({
      ...g,
      code: 'E11',
      subGroup: '直选',
      name: '五星直选复式',
      tip: '每位各选至少1个号码，五位号码和位置都对应即中奖',
      example: '投注1|2|3|4|5，开奖12345中奖',
      isDefault: true,
    }),
    straightSingle({
      ...g,
      code: 'E12',
      subGroup: '直选',
      name: '五星直选单式',
      tip: '手动输入5位数号码，与开奖号码顺序一致即中奖',
      example: '投注12345，开奖12345中奖',
    }),
  ];
}

export const FC3D_PLAYS: readonly PlayDef[] = threeDigitPlays('FC3D');
export const PL35_PLAYS: readonly PlayDef[] = [...threeDigitPlays('PL35', 3), ...fiveStar()];
/** Both families; `family` tells them apart. */
export const PLAYS: readonly PlayDef[] = [...FC3D_PLAYS, ...PL35_PLAYS];
