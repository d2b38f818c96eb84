import { MAX_BASKET_LINES } from '@lottery/rules/amount';
import { describe, expect, it } from 'vitest';
import {
  addLines,
  basketTotals,
  type NewLine,
  perNoteYuan,
  restoreBaskets,
  storedBaskets,
  wireLines,
  yuan,
} from './basket';

const line = (over: Partial<NewLine> = {}): NewLine => ({
  lotteryCode: '1002',
  playDetailCode: '1002A11',
  playName: '一星定位胆',
  betDetail: '万位 3',
  bettingNumber: '3||||',
  bettingCount: 1,
  bettingUnit: '1',
  graduationCount: 1,
  baseMinor: 20_000n,
  ...over,
});

describe('basket', () => {
  it('prices a line as base × count × unit × multiplier', () => {
    const r = addLines([], [line({ bettingCount: 3, graduationCount: 5, bettingUnit: '0.1' })]);
    if (!r.ok) throw new Error(r.message);
    expect(yuan(r.lines[0]!.amountMinor)).toBe('3.00');
  });

  it('states a line’s amount per note and multiple, never a bare unit (n注 × m倍 × 0.20元)', () => {
    const r = addLines([], [line({ bettingCount: 3, graduationCount: 5, bettingUnit: '0.1' })]);
    if (!r.ok) throw new Error(r.message);
    expect(perNoteYuan(r.lines[0]!)).toBe('0.20');
    expect(perNoteYuan({ amountMinor: 0n, bettingCount: 0, graduationCount: 1 })).toBe('0.00');
  });

  it('merges identical lines by adding multipliers', () => {
    const first = addLines([], [line()]);
    if (!first.ok) throw new Error(first.message);
    const second = addLines(first.lines, [line({ graduationCount: 2 })]);
    if (!second.ok) throw new Error(second.message);
    expect(second.lines).toHaveLength(1);
    expect(second.lines[0]!.graduationCount).toBe(3);
    expect(second.lines[0]!.amountMinor).toBe(60_000n);
  });

  it('keeps lines apart when numbers or unit differ', () => {
    const r = addLines([], [line(), line({ bettingNumber: '4||||' }), line({ bettingUnit: '0.01' })]);
    if (!r.ok) throw new Error(r.message);
    expect(r.lines).toHaveLength(3);
  });

  it('caps a merged multiplier at 10000 with 最多10000倍', () => {
    const r = addLines([], [line({ graduationCount: 9000 }), line({ graduationCount: 2000 })]);
    if (!r.ok) throw new Error(r.message);
    expect(r.lines[0]!.graduationCount).toBe(10_000);
    expect(r.message).toBe('最多10000倍');
  });

  it('refuses the 21st line with 方案注数最多20笔', () => {
    const many = Array.from({ length: MAX_BASKET_LINES }, (_, i) =>
      line({ bettingNumber: `${i % 10}|${Math.floor(i / 10)}|||` }),
    );
    const full = addLines([], many);
    if (!full.ok) throw new Error(full.message);
    expect(full.lines).toHaveLength(20);
    expect(addLines(full.lines, [line({ bettingNumber: '||||9' })])).toEqual({
      ok: false,
      message: '方案注数最多20笔',
    });
    // An identical line still merges into a full basket.
    expect(addLines(full.lines, [many[0]!]).ok).toBe(true);
  });

  it('totals and wire lines carry decimal yuan, never floats', () => {
    const r = addLines(
      [],
      [line({ bettingCount: 2 }), line({ bettingNumber: '5||||', bettingUnit: '0.01' })],
    );
    if (!r.ok) throw new Error(r.message);
    expect(basketTotals(r.lines)).toEqual({ lines: 2, notes: 3, amountMinor: 40_200n });
    const wire = wireLines(r.lines, '202611220001', '0');
    expect(wire[1]).toEqual({
      lotteryCode: '1002',
      playDetailCode: '1002A11',
      bettingNumber: '5||||',
      bettingCount: 1,
      bettingAmount: '0.02',
      bettingPoint: '0',
      bettingUnit: '0.01',
      bettingIssue: '202611220001',
      graduationCount: 1,
    });
  });

  it('K3 sum on a 14-code does not multiply the amount by the count (spec §5)', () => {
    const r = addLines(
      [],
      [line({ lotteryCode: '1401', playDetailCode: '1401A10', bettingNumber: '10,11', bettingCount: 2 })],
    );
    if (!r.ok) throw new Error(r.message);
    expect(yuan(r.lines[0]!.amountMinor)).toBe('2.00');
  });
});

describe('the basket kept in storage', () => {
  const lines = () => {
    const r = addLines(
      [],
      [line({ graduationCount: 3 }), line({ bettingNumber: '4||||', bettingUnit: '0.1' })],
    );
    if (!r.ok) throw new Error(r.message);
    return r.lines;
  };
  const roundTrip = (owner: string, reader: string) =>
    restoreBaskets(JSON.parse(JSON.stringify(storedBaskets(owner, { '1002': lines(), '1401': [] }))), reader);

  it('comes back for its owner, priced again, empty baskets left out', () => {
    const back = roundTrip('42', '42');
    expect(Object.keys(back)).toEqual(['1002']);
    expect(back['1002']).toEqual(lines());
  });

  it('is empty for another user or nobody signed in', () => {
    expect(roundTrip('42', '43')).toEqual({});
    expect(roundTrip('42', '')).toEqual({});
  });

  it('never trusts a stored amount: the rules price the line', () => {
    const stored = storedBaskets('42', { '1002': lines() }) as unknown as {
      byLottery: Record<string, Array<Record<string, unknown>>>;
    };
    stored.byLottery['1002']![0]!.amountMinor = '1';
    expect(restoreBaskets(stored, '42')['1002']![0]!.amountMinor).toBe(60_000n);
  });

  it('drops a malformed lottery basket and keeps the others', () => {
    const stored = JSON.parse(JSON.stringify(storedBaskets('42', { '1002': lines(), '1003': lines() })));
    stored.byLottery['1003'][0].bettingUnit = '2';
    stored.byLottery['1002'][1].graduationCount = 1.5;
    expect(restoreBaskets(stored, '42')).toEqual({});
    stored.byLottery['1002'][1].graduationCount = 2;
    expect(Object.keys(restoreBaskets(stored, '42'))).toEqual(['1002']);
    expect(restoreBaskets('not json', '42')).toEqual({});
    expect(restoreBaskets(null, '42')).toEqual({});
  });
});
