import { dealBaccarat, spellBaccarat } from '@lottery/rules/games/baccarat';
import { describe, expect, it } from 'vitest';
import { bigRoad, type RoadMark, roadMark } from './road';

const a = (label = '庄'): RoadMark => ({ label, side: 'a' });
const b = (label = '闲'): RoadMark => ({ label, side: 'b' });
const tie: RoadMark = { label: '和', side: 'tie' };

describe('roadMark', () => {
  it('reads dragon-tiger winners by rank', () => {
    expect(roadMark('dragonTigerWar', ['KS', '2H'])?.label).toBe('龙');
    expect(roadMark('dragonTigerWar', ['2S', 'KH'])?.label).toBe('虎');
    expect(roadMark('dragonTigerWar', ['7S', '7H'])?.side).toBe('tie');
  });
  it('reads baccarat results back with the engine, for dealt rounds', () => {
    const secret = 'ab'.repeat(32);
    for (let k = 1; k <= 30; k++) {
      const roundId = `20260115-${String(k).padStart(4, '0')}`;
      const round = dealBaccarat(secret, roundId);
      const expected = { banker: '庄', player: '闲', tie: '和' }[round.winner];
      expect(roadMark('baccarat', spellBaccarat(round))?.label).toBe(expected);
    }
  });
  it('reads sicbo totals and triples', () => {
    expect(roadMark('sicbo', ['6', '5', '1'])).toEqual({ label: '大12', side: 'a' });
    expect(roadMark('sicbo', ['1', '2', '3'])).toEqual({ label: '小6', side: 'b' });
    expect(roadMark('sicbo', ['4', '4', '4'])?.side).toBe('tie');
  });
  it('names the benz symbol and drops what it cannot read', () => {
    expect(roadMark('benz', ['bmwBig', '5'])?.label).toBe('大宝马');
    expect(roadMark('dragonTigerWar', ['XX'])).toBeNull();
  });
});

describe('bigRoad', () => {
  it('starts a column on every change of winner and counts ties on the cell before', () => {
    const road = bigRoad([a(), a(), tie, b(), b(), b(), a()]);
    expect(road.map((c) => c.length)).toEqual([2, 3, 1]);
    expect(road[0]![1]!.ties).toBe(1);
    expect(road[1]!.every((c) => c.side === 'b')).toBe(true);
  });
  it('keeps leading ties for the first winner', () => {
    const road = bigRoad([tie, tie, b()]);
    expect(road).toEqual([[{ side: 'b', label: '闲', ties: 2 }]]);
  });
  it('is empty without results', () => {
    expect(bigRoad([])).toEqual([]);
  });
});
