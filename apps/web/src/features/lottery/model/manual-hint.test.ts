import { findPlay } from '@lottery/rules/plays';
import { describe, expect, it } from 'vitest';
import { manualEntryHint } from './manual-hint';

/** The hint says what the play's own parser does with each separator (issue 37). */
function hintOf(family: 'SSC' | 'SYX5' | 'PK10', code: string) {
  const play = findPlay(family, code)!;
  if (play.input.kind !== 'manual') throw new Error(`${code} is not manual`);
  return { play, ...manualEntryHint(play.input.ticketLength, play.input.numbers) };
}

describe('the manual-entry hint', () => {
  it('one-digit plays: digits together, a comma, semicolon or space ends a ticket', () => {
    const { play, placeholder } = hintOf('SSC', 'D12');
    expect(placeholder).toBe('每注3个数字连写，如123；注与注之间用逗号、分号或空格隔开');
    // what it says is what the rules count: three tickets, one per separator
    expect(play.count('123,456;789')).toBe(play.count('123 456 789'));
    expect(play.count('123,456;789')).toBe(3);
  });

  it('two-digit plays: commas inside a ticket, a semicolon or space between tickets', () => {
    for (const [family, code] of [
      ['SYX5', 'C12'],
      ['PK10', 'C12'],
    ] as const) {
      const { play, placeholder } = hintOf(family, code);
      expect(placeholder).toBe(
        '每注3个号码，号码之间用逗号隔开（或连写），如01,02,03；注与注之间用分号或空格隔开',
      );
      expect(play.count('01,02,03;04,05,06 07,08,09')).toBe(3);
      expect(play.count('010203')).toBe(1);
    }
  });

  it('says how the input is cleaned, in the spec’s words', () => {
    expect(hintOf('SSC', 'D12').cleaning).toBe('只保留数字、逗号、分号和空格；全角逗号、分号自动转换');
  });
});
