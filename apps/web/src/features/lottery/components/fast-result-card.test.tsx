// @vitest-environment happy-dom
import type { FastBetResult } from '@lottery/contract/fast-bet';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { FastResultCard } from './fast-bet-round';

const round: FastBetResult = {
  orderId: '1',
  recordCode: 'R1',
  lotteryCode: '1401',
  issue: 'F1-0',
  betMoney: '4.0000',
  winMoney: '0.0000',
  rebateMoney: '0.0000',
  openNum: '3,3,5',
  state: 1,
  // 2026-11-29 14:05:09 in Beijing
  createdTime: Date.UTC(2026, 10, 29, 6, 5, 9),
  balance: '996.0000',
  serverSeedHash: 'h',
  clientSeed: 'c',
  nonce: 0,
} as FastBetResult;

let host: HTMLElement;
afterEach(() => host?.remove());

function render(family: 'K3' | 'SSC', openNum: string): HTMLElement {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  act(() =>
    root.render(
      <FastResultCard
        family={family}
        round={{ ...round, openNum }}
        tally={{ remaining: 17, rounds: 3, stakeMinor: 0n, winMinor: 0n, rebateMinor: 0n }}
      />,
    ),
  );
  return host;
}

describe('a fast round’s result card (issue 37)', () => {
  it('is titled by its place in the run and its draw time, not its internal id', () => {
    const card = render('K3', '3,3,5');
    const title = card.querySelector('.fast-result-issue')?.textContent;
    expect(title).toBe('第3期 14:05:09开奖');
    expect(card.textContent).not.toContain('F1-0');
    expect(card.textContent).toContain('已开 3 期，剩余 17 期');
  });

  it('draws K3 as dice, the other families as balls', () => {
    const dice = render('K3', '3,3,5');
    expect([...dice.querySelectorAll('svg.die')].map((d) => d.getAttribute('aria-label'))).toEqual([
      '3',
      '3',
      '5',
    ]);
    expect(dice.querySelector('.result-ball')).toBeNull();
    host.remove();
    const balls = render('SSC', '1,2,3,4,5');
    expect(balls.querySelectorAll('.result-ball')).toHaveLength(5);
    expect(balls.querySelector('svg.die')).toBeNull();
  });
});
