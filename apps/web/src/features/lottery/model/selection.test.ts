import { optionSlots } from '@lottery/rules/describe';
import { findPlay } from '@lottery/rules/plays';
import { describe, expect, it } from 'vitest';
import {
  bettingNumberOf,
  cleanManualText,
  countSelection,
  emptySelection,
  overLimitMessage,
  pickedItems,
  quickPickRow,
  toggleIn,
} from './selection';

const play = (family: Parameters<typeof findPlay>[0], code: string, resultLength?: number) =>
  findPlay(family, code, resultLength)!;

describe('quick buttons 全大小单双清', () => {
  const ssc = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];
  const pk10 = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10'];
  const syx5 = [...pk10, '11'];

  it('picks the upper and lower halves of each range', () => {
    expect(quickPickRow(ssc, '大')).toEqual(['5', '6', '7', '8', '9']);
    expect(quickPickRow(ssc, '小')).toEqual(['0', '1', '2', '3', '4']);
    expect(quickPickRow(pk10, '大')).toEqual(['06', '07', '08', '09', '10']);
    expect(quickPickRow(syx5, '大')).toEqual(['06', '07', '08', '09', '10', '11']);
  });

  it('picks by parity, all, or none', () => {
    expect(quickPickRow(ssc, '单')).toEqual(['1', '3', '5', '7', '9']);
    expect(quickPickRow(pk10, '双')).toEqual(['02', '04', '06', '08', '10']);
    expect(quickPickRow(ssc, '全')).toEqual(ssc);
    expect(quickPickRow(ssc, '清')).toEqual([]);
  });
});

describe('toggleIn', () => {
  it('adds and removes, keeping the picker order', () => {
    const order = ['1', '2', '3'];
    expect(toggleIn(['3'], '1', order)).toEqual(['1', '3']);
    expect(toggleIn(['1', '3'], '3', order)).toEqual(['1']);
  });
});

describe('manual entry cleaning (spec §5)', () => {
  it('drops leading spaces, converts full-width separators, keeps digits , ; and spaces', () => {
    expect(cleanManualText('  12，34；5a6 78')).toBe('12,34;56 78');
    expect(cleanManualText('abc')).toBe('');
  });
});

describe('bettingNumber and counting with the play itself', () => {
  it('positional rows join with | and ,', () => {
    const p = play('SSC', 'A11');
    const s = { kind: 'positional' as const, rows: [['3'], [], [], [], ['7', '8']] };
    expect(bettingNumberOf(p, s)).toBe('3||||7,8');
    expect(countSelection(p, s)).toEqual({ count: 3 });
    expect(bettingNumberOf(p, emptySelection(p.input))).toBe('');
    expect(countSelection(p, emptySelection(p.input))).toEqual({ count: 0 });
  });

  it('a straight play counts the product of its rows', () => {
    const p = play('FC3D', 'D11');
    expect(countSelection(p, { kind: 'positional', rows: [['1'], ['2', '5'], ['3']] }).count).toBe(2);
  });

  it('multi-pick counts combinations and reports the rule message when short', () => {
    const p = play('SYX5', 'R15');
    expect(countSelection(p, { kind: 'multiPick', picked: ['01', '03', '05', '07', '09', '11'] }).count).toBe(
      6,
    );
    const short = countSelection(p, { kind: 'multiPick', picked: ['01'] });
    expect(short.count).toBe(0);
    expect(short.error).toBeTruthy();
  });

  it('banker and drag write bankers|drags', () => {
    const p = play('SYX5', 'T13');
    const s = { kind: 'bankerDrag' as const, bankers: ['01'], drags: ['02', '03', '04'] };
    expect(bettingNumberOf(p, s)).toBe('01|02,03,04');
    expect(countSelection(p, s).count).toBe(3);
  });

  it('manual tickets are cleaned and counted', () => {
    const p = play('SSC', 'D12');
    const s = { kind: 'manual' as const, text: '123， 456;789' };
    expect(bettingNumberOf(p, s)).toBe('123, 456;789');
    expect(countSelection(p, s).count).toBe(3);
  });

  it('option plays with several slots write one part per slot', () => {
    const p = play('PK10', 'G11');
    if (p.input.kind !== 'options') throw new Error('options expected');
    const slots = optionSlots(p.input);
    expect(slots).toHaveLength(10);
    expect(slots[0]!.label).toBe('冠军');
    const s = { kind: 'options' as const, picked: [slots[0]!.indices[0]!, slots[1]!.indices[1]!] };
    expect(bettingNumberOf(p, s)).toBe('大|小||||||||');
    expect(countSelection(p, s).count).toBe(2);
    expect(pickedItems(p, s).map((i) => i.label)).toEqual(['冠军大', '亚军小']);
  });

  it('a one-slot option play writes a plain list', () => {
    const p = play('BJ28', 'A01');
    if (p.input.kind !== 'options') throw new Error('options expected');
    expect(optionSlots(p.input)).toHaveLength(1);
    expect(bettingNumberOf(p, { kind: 'options', picked: [0, 2] })).toBe('大,单');
  });
});

describe("a pick past the play's maximum is refused with the rule's words (issue 37)", () => {
  it('a 9th 快乐8 number: 最多选择8个号码', () => {
    const kl8 = play('KL8', 'A11');
    const nine = ['01', '02', '03', '04', '05', '06', '07', '08', '09'];
    expect(overLimitMessage(kl8, { kind: 'multiPick', picked: nine }, 8)).toBe('最多选择8个号码');
  });

  it('an 11th 合肖 zodiac: 合肖中需选择2-10个生肖', () => {
    const heXiao = play('LHC', 'E03');
    const eleven = Array.from({ length: 11 }, (_, i) => i);
    expect(overLimitMessage(heXiao, { kind: 'options', picked: eleven }, 10)).toBe('合肖中需选择2-10个生肖');
    expect(overLimitMessage(play('LHC', 'E04'), { kind: 'options', picked: eleven }, 10)).toBe(
      '合肖不中需选择2-10个生肖',
    );
  });
});
