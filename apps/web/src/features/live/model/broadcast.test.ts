import { LIVE_BROADCAST } from '@lottery/contract/live';
import { describe, expect, it } from 'vitest';
import { revealDurationMs } from '../components/reveal';
import { broadcastState } from './broadcast';

describe('broadcastState: the banner shows a result only after the stage has revealed it', () => {
  const revealed = { issue: '20261129001', numbers: ['1', '4', '6'], arrivedMs: 10_000 };
  const revealMs = revealDurationMs('K3', 3);
  const at = (nowMs: number) =>
    broadcastState({ nowMs, next: undefined, revealed, awaiting: undefined, revealMs });

  it('says 正在开奖 while the dice still roll', () => {
    expect(revealMs).toBe(2 * 450 + 700);
    expect(at(10_000)).toEqual({ kind: 'drawing', issue: revealed.issue });
    expect(at(10_000 + revealMs - 1).kind).toBe('drawing');
  });

  it('then shows the result for broadCastShowTime seconds, then hides', () => {
    expect(at(10_000 + revealMs)).toEqual({
      kind: 'result',
      issue: revealed.issue,
      numbers: revealed.numbers,
    });
    const end = 10_000 + revealMs + LIVE_BROADCAST.broadCastShowTime * 1000;
    expect(at(end - 1).kind).toBe('result');
    expect(at(end).kind).toBe('hidden');
  });
});
