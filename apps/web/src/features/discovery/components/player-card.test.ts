import { describe, expect, it } from 'vitest';
import type { PlayerCard } from '../../../shared/ui/player-card';
import { playedFamilies } from '../../../shared/ui/player-card';
import { canPrivate } from './player-card';

const card = (userId: number, grade: number) => ({ userId, grade }) as PlayerCard;

describe('玩家信息 rules', () => {
  it('私聊 only with grade 100 on either side or for a room manager, never with oneself', () => {
    const viewer = { userId: '7', grade: 1 };
    expect(canPrivate(viewer, card(8, 1), false)).toBe(false);
    expect(canPrivate(viewer, card(8, 100), false)).toBe(true);
    expect(canPrivate({ userId: '7', grade: 100 }, card(8, 1), false)).toBe(true);
    expect(canPrivate(viewer, card(8, 1), true)).toBe(true);
    expect(canPrivate({ userId: '8', grade: 100 }, card(8, 100), true)).toBe(false);
    expect(canPrivate(undefined, card(8, 100), true)).toBe(false);
  });

  it('Ta喜欢的彩票 highlights the families of the played lottery codes', () => {
    expect([...playedFamilies('1401, 1407,9999')]).toEqual(['K3']);
    expect(playedFamilies('').size).toBe(0);
  });
});
