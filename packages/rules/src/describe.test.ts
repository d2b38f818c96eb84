import { describe, expect, it } from 'vitest';
import { describeDraw, describeSelection, optionSlots, shortSelection } from './describe';
import { findPlay } from './plays';

const play = (family: Parameters<typeof findPlay>[0], code: string) => findPlay(family, code)!;

describe('describeSelection: the one way a selection is shown', () => {
  it('names the positions, banker/drag and option slots', () => {
    expect(describeSelection(play('SSC', 'A11'), '3||||7,8')).toBe('万位 3  个位 7,8');
    expect(describeSelection(play('SSC', 'A11'), '0|0|||')).toBe('万位 0  千位 0');
    expect(describeSelection(play('SYX5', 'T13'), '01|02,03')).toBe('胆 01 拖 02,03');
    expect(describeSelection(play('PK10', 'G11'), '大|小||||||||')).toBe('冠军 大  亚军 小');
    expect(describeSelection(play('SYX5', 'R15'), '01,02,03,04,05')).toBe('01,02,03,04,05');
  });

  it('never leaves wire separators in a two-sides selection', () => {
    const k11 = play('SSC', 'K11');
    if (k11.input.kind !== 'options') throw new Error('options expected');
    const parts = optionSlots(k11.input).map((_, i) => (i === 0 ? '大,小,单' : ''));
    const shown = describeSelection(k11, parts.join('|'));
    expect(shown).not.toContain('|');
    expect(shown).toContain('大,小,单');
  });
});

describe('shortSelection', () => {
  it('cuts a long selection to 30 width with ... and asks for a detail link', () => {
    const long = shortSelection('SSC', '万位 0,1,2,3,4,5,6,7,8,9  千位 0,1,2');
    expect(long.shortened).toBe(true);
    expect(long.text.endsWith('...')).toBe(true);
    expect(shortSelection('SSC', '万位 3').shortened).toBe(false);
  });

  it('shows a K3 selection of up to 12 items whole, more only on tap', () => {
    const sums = Array.from({ length: 13 }, (_, i) => String(i + 3));
    expect(shortSelection('K3', sums.slice(0, 12).join(','))).toEqual({
      text: sums.slice(0, 12).join(','),
      shortened: false,
    });
    expect(shortSelection('K3', sums.join(','))).toEqual({
      text: `${sums.slice(0, 12).join(',')}...`,
      shortened: true,
    });
  });
});

describe('describeDraw', () => {
  it('shows a BJ28 draw as its sum and other draws as drawn', () => {
    expect(describeDraw('BJ28', '1,6,1')).toBe('1+6+1=8');
    expect(describeDraw('SSC', '1,2,3,4,5')).toBe('1,2,3,4,5');
    expect(describeDraw('BJ28', '')).toBe('');
  });
});
